import type { QuestionType } from '@tz/shared/rules/form-rules';
import type { DbOrTx } from '../../db/client';
import { formQuestions, forms, type QuestionOption } from '../../db/schema/forms';

interface QuestionDef {
  type: QuestionType;
  text: string;
  description?: string;
  options?: QuestionOption[];
  validation?: string;
  follow_ups?: QuestionDef[];
}

const yesNoWarning = 'required|preferred:false|extended:true';

/** The default questionnaire of test centres (every centre type except '2'). */
export const TEST_FORM: { title: string; questions: QuestionDef[] } = {
  title: 'Fragebogen zum Corona-Test',
  questions: [
    {
      type: 'html',
      text: 'Hinweise',
      description:
        '<p>Bitte beantworten Sie die folgenden Fragen <strong>vor Ihrem Test</strong>. Ihre Angaben werden vertraulich behandelt und nur für die Durchführung und Abrechnung des Tests verwendet.</p>',
    },
    {
      type: 'boolean',
      text: 'Haben Sie derzeit Krankheitszeichen wie Fieber, Husten, Halsschmerzen, Schnupfen oder Geschmacksverlust?',
      validation: yesNoWarning,
      follow_ups: [{ type: 'text', text: 'Welche Beschwerden haben Sie und seit wann?', validation: 'required' }],
    },
    {
      type: 'boolean',
      text: 'Hatten Sie in den letzten 10 Tagen Kontakt zu einer positiv auf Corona getesteten Person?',
      validation: yesNoWarning,
      follow_ups: [{ type: 'date', text: 'Wann hatten Sie den letzten Kontakt?', validation: 'required' }],
    },
    {
      type: 'testv',
      text: 'Auf welcher Grundlage lassen Sie sich testen?',
      description: 'Rechtsgrundlage nach der Coronavirus-Testverordnung (TestV)',
      validation: 'required',
      options: [
        { id: 1, value: '§ 4 Abs. 1 Nr. 1 TestV – Kontaktperson oder Warnung durch die Corona-Warn-App' },
        { id: 2, value: '§ 4 Abs. 1 Nr. 3 TestV – Besuch einer Pflegeeinrichtung oder eines Krankenhauses' },
        { id: 3, value: '§ 4 Abs. 1 Nr. 6 TestV – Freitestung nach einer Infektion' },
        { id: 4, value: '§ 4a TestV – Bürgertestung mit Eigenbeteiligung' },
        { id: 5, value: 'Selbstzahler (keine Testung nach TestV)' },
      ],
    },
    {
      type: 'select',
      text: 'Aus welchem Anlass lassen Sie sich heute testen?',
      validation: 'required',
      options: [
        { id: 1, value: 'Besuch von Angehörigen' },
        { id: 2, value: 'Arbeit oder Ausbildung' },
        { id: 3, value: 'Veranstaltung oder Reise' },
        { id: 4, value: 'Krankheitszeichen' },
        { id: 5, value: 'Sonstiges' },
      ],
    },
    {
      type: 'number',
      text: 'Ihre heute gemessene Körpertemperatur in °C (falls bekannt)',
      validation: 'min:34|max:43',
    },
    {
      type: 'input',
      text: 'Telefonnummer für Rückfragen (optional)',
      validation: 'max_length:40',
    },
    {
      type: 'boolean',
      text: 'Ich willige in die Verarbeitung meiner Daten zur Durchführung des Tests und zur Meldung an das Gesundheitsamt ein.',
      description: 'Ohne diese Einwilligung dürfen wir den Test nicht durchführen.',
      validation: 'required|preferred:true',
    },
    {
      type: 'signature',
      text: 'Unterschrift',
      description: 'Mit Ihrer Unterschrift bestätigen Sie die Richtigkeit Ihrer Angaben.',
      validation: 'required',
    },
  ],
};

/** The default questionnaire of vaccination centres (centre type '2'). */
export const VACCINATION_FORM: { title: string; questions: QuestionDef[] } = {
  title: 'Anamnese und Einwilligung zur Schutzimpfung',
  questions: [
    {
      type: 'html',
      text: 'Vor der Impfung',
      description:
        '<p>Bitte lesen Sie das <strong>Aufklärungsmerkblatt</strong> und beantworten Sie die folgenden Fragen. Ihre Ärztin oder Ihr Arzt bespricht offene Punkte vor der Impfung mit Ihnen.</p>',
    },
    {
      type: 'boolean',
      text: 'Haben Sie derzeit Fieber über 38,5 °C oder eine akute Erkrankung?',
      validation: yesNoWarning,
      follow_ups: [{ type: 'text', text: 'Bitte beschreiben Sie Ihre Beschwerden.', validation: 'required' }],
    },
    {
      type: 'boolean',
      text: 'Sind bei Ihnen Allergien bekannt, insbesondere gegen Bestandteile von Impfstoffen?',
      validation: yesNoWarning,
      follow_ups: [{ type: 'text', text: 'Welche Allergien sind bekannt?', validation: 'required' }],
    },
    {
      type: 'boolean',
      text: 'Nehmen Sie gerinnungshemmende Medikamente (Blutverdünner) ein?',
      validation: 'required|preferred:false',
    },
    {
      type: 'boolean',
      text: 'Sind Sie schwanger oder stillen Sie?',
      validation: 'required|preferred:false',
    },
    {
      type: 'number',
      text: 'Wie viele Impfungen gegen COVID-19 haben Sie bisher erhalten?',
      validation: 'required|min:0|max:10',
    },
    {
      type: 'date',
      text: 'Datum Ihrer letzten Impfung gegen COVID-19 (falls zutreffend)',
    },
    {
      type: 'select',
      text: 'Welcher Impfstoff wurde Ihnen zuletzt verabreicht?',
      options: [
        { id: 1, value: 'Comirnaty (BioNTech/Pfizer)' },
        { id: 2, value: 'Spikevax (Moderna)' },
        { id: 3, value: 'Nuvaxovid (Novavax)' },
        { id: 4, value: 'Vaxzevria (AstraZeneca)' },
        { id: 5, value: 'Jcovden (Johnson & Johnson)' },
        { id: 6, value: 'Weiß ich nicht' },
      ],
    },
    {
      type: 'input',
      text: 'Name Ihrer Hausarztpraxis (optional)',
      validation: 'max_length:120',
    },
    {
      type: 'boolean',
      text: 'Ich wurde über Nutzen und Risiken der Impfung aufgeklärt und willige in die Impfung ein.',
      validation: 'required|preferred:true',
    },
    {
      type: 'signature',
      text: 'Unterschrift',
      description: 'Bei Minderjährigen unterschreibt eine sorgeberechtigte Person.',
      validation: 'required',
    },
  ],
};

async function insertQuestions(db: DbOrTx, formId: number, defs: QuestionDef[], parentId: number | null) {
  for (const [position, d] of defs.entries()) {
    const [q] = await db
      .insert(formQuestions)
      .values({
        form_id: formId,
        parent_id: parentId,
        type: d.type,
        text: d.text,
        description: d.description ?? null,
        options: d.options ?? [],
        validation: d.validation ?? '',
        position,
      })
      .returning({ id: formQuestions.id });
    if (d.follow_ups) await insertQuestions(db, formId, d.follow_ups, q!.id);
  }
}

/**
 * Makes sure both default forms exist (at every start, like the default hosts);
 * the unique default_for keeps concurrent starts from creating them twice.
 */
export async function ensureDefaultForms(db: DbOrTx) {
  for (const [defaultFor, def] of [
    ['test', TEST_FORM],
    ['vaccination', VACCINATION_FORM],
  ] as const) {
    const [form] = await db
      .insert(forms)
      .values({ title: def.title, default_for: defaultFor, staff_id: null })
      .onConflictDoNothing({ target: forms.default_for })
      .returning({ id: forms.id });
    if (form) await insertQuestions(db, form.id, def.questions, null);
  }
}
