import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_EVENTS } from './audit-actions';
import { auditChange, auditChangeParts, auditLookupIds, auditWhat, describeAudit } from './audit-text';

/**
 * What the server writes for each audited action (the before/after of every
 * writeAudit call, with realistic values), so that every action's text is
 * checked for codes and field names (issue 26, item 4).
 */
const SAMPLES: Record<string, { before?: unknown; after?: unknown }> = {
  'appointment/create': { after: { ids: [11, 12, 13], blocked_ids: [14], overbook: false } },
  'appointment/update': {
    before: { start_date: '2026-06-16T08:00:00.000Z', service_id: 5, notes: null },
    after: {
      start_date: '2026-06-17T08:00:00.000Z',
      service_id: 6,
      notes: 'Bitte klingeln',
      count: 3,
      blocked: 0,
      created: [21, 22],
      cancelled: [23],
    },
  },
  'appointment/status': { before: { status: 'approved' }, after: { status: 'cancelled', reason: 'series_shortened' } },
  'appointment/result': {
    before: { res_detected: null, res_date: null },
    after: { res_detected: 2, res_date: '2026-06-16T08:15:00.000Z' },
  },
  'appointment/payment_classification': {
    before: { payment_class_id: null, classification_checked_by: null },
    after: { payment_class_id: 3, classification_checked_by: 'Müller' },
  },
  'appointment/check_in': { before: { checked_in: 0 }, after: { checked_in: 1 } },
  'appointment/service': { before: { service_id: 5 }, after: { service_id: 6 } },
  'appointment/pcr_lab': { before: { pcr_lab_id_selected: null }, after: { pcr_lab_id_selected: 2 } },
  'appointment/demis_report': {
    before: { demis_status: null },
    after: { demis_status: 'success', report_id: 'a1b2', notification_id: 'c3d4' },
  },
  'appointment/institutions_add': { before: { aInstitutionIds: [] }, after: { aInstitutionIds: [7] } },
  'appointment/institutions_remove': { before: { aInstitutionIds: [7, 8] }, after: { aInstitutionIds: [8] } },
  'appointment/institutions_replace': { before: { aInstitutionIds: [7] }, after: { aInstitutionIds: [8, 9] } },
  'appointment/vaccination_saved': {
    before: { vaccination_id: null },
    after: { vaccination_id: 4, vaccine: 'Comirnaty', batch_number: 'FK1234', dose: 2, vaccination_date: '2026-06-16' },
  },
  'appointment/check_in_form_submitted': {
    before: { checked_in: 0 },
    after: { checked_in: 4, form_id: 3, with_warnings: true },
  },
  'appointment/check_in_form_invite': { after: { to: 'kunde@example.de', form_id: 3 } },
  'appointment/check_in_form_qr_mail': { after: { to: 'kunde@example.de' } },
  'user/create': { after: { role_id: 30, email: 'neu@zentrum.example', active: 1 } },
  'user/create_centre_user': { after: { role_id: 20, email: 'leitung@zentrum.example' } },
  'user/role_change': { before: { role_id: 30 }, after: { role_id: 25 } },
  'user/block': { before: { active: 1 }, after: { active: 0 } },
  'user/unblock': { before: { active: 0 }, after: { active: 1 } },
  'user/password_change': {},
  'user/two_factor_on': { after: { ended_sessions: 2 } },
  'user/two_factor_off': { after: { ended_sessions: 0 } },
  'user/two_factor_reset': { after: { ended_sessions: 1 } },
  'user/recovery_code_used': { after: { recovery_codes_left: 9 } },
  'user/session_ended': { after: { browser: 'Firefox 128 unter Linux', ip: '203.0.113.9' } },
  'user/sessions_ended': { after: { ended_sessions: 3 } },
  'user/lockout': { after: { failures: 10, minutes: 15 } },
  'centre_settings/two_factor_required': {
    before: { two_factor_required: false },
    after: { two_factor_required: true },
  },
  'platform/two_factor_grace': {
    before: { admin_totp_required_from: null },
    after: { admin_totp_required_from: '2026-07-01T00:00:00.000Z' },
  },
  'centre/create': { after: { full_name: 'Apotheke am Markt', city: 'Kiel', type: '3' } },
  'centre/adopt': { after: { email: 'plattform@demo.example' } },
  'centre/deactivate': { before: { deactivated: false }, after: { deactivated: true } },
  'centre/reactivate': { before: { deactivated: true }, after: { deactivated: false } },
  'centre/booking_status': {
    before: { status: 'publish', pause_date: '2026-07-01' },
    after: { status: 'private', pause_date: null },
  },
  'centre/suspend': { before: { pause_date: null }, after: { pause_date: '2026-07-01', deleted_special_days: 2 } },
  'centre/remove_suspension': { before: { pause_date: '2026-07-01' }, after: { pause_date: null } },
  'centre_settings/update': {
    before: { type: '1', default_IVA: 19, force_payment_classification: false, tz_zip: '24103', full_name: 'Alt' },
    after: { type: '3', default_IVA: 7, force_payment_classification: true, tz_zip: '24105', full_name: 'Neu' },
  },
  'demis_certificate/upload': { after: { filename: 'zentrum.p12', bytes: 3456, converted: true } },
  'customer/gender': { before: { gender: 0 }, after: { gender: 2 } },
  'customer/institutions_replace': { before: { institution_ids: [7] }, after: { institution_ids: [7, 8] } },
  'institution/create': { before: null, after: { name: 'Firma Nord' } },
  'institution/rename': { before: { name: 'Firma Nord' }, after: { name: 'Firma Nord GmbH' } },
  'institution/import': { after: { rows: 120, created: 100, linked: 20 } },
  'institution/remove_customer': { before: { customer_id: 31 }, after: null },
  'receipt/issue': { after: { appointment_id: 11, receipt_number: 'Q-2026-0001', price: 1250 } },
  'pcr_lab/create': {
    after: {
      id: 2,
      name: 'Labor Nord',
      email: 'bestellung@labor.example',
      result_system: 'LDT',
      result_button_label: 'Befund',
      show_sidebar: 1,
      shared: false,
      products: [{ id: 1, name: 'Abstrichtupfer', number: 'A-100' }],
    },
  },
  'pcr_lab/update': {
    before: { id: 2, name: 'Labor Nord', show_sidebar: 1, products: [] },
    after: { id: 2, name: 'Labor Nord-Ost', show_sidebar: 0, products: [{ id: 1, name: 'Tupfer', number: '1' }] },
  },
  'pharma_rx/create': {
    after: { customer_id: 31, date: '2026-06-16', start: '2026-06-16', end: null, notes: '', active: true },
  },
  'pharma_rx/update': {
    before: { customer_id: 31, date: '2026-06-16', start: '2026-06-16', end: null, notes: '', active: false },
    after: {
      customer_id: 31,
      date: '2026-06-16',
      start: '2026-06-20',
      end: '2026-12-31',
      notes: 'Tochter',
      active: true,
    },
  },
  'pharma_rx/activate': { before: { active: false }, after: { active: true } },
  'pharma_usage/create': {
    after: {
      date: '2026-06-16',
      handover_date: null,
      products: [
        { product_id: 4, customer_title: 'Einmalhandschuhe Nitril', customer_price: 1059, price: 890, pzn: '04595987' },
      ],
    },
  },
  'pharma_usage/update': {
    before: { date: '2026-06-16', handover_date: null, products: [] },
    after: { date: '2026-06-16', handover_date: '2026-06-18', products: [] },
  },
  'pharma_usage/delete': { before: { date: '2026-06-16', handover_date: null, products: [] } },
  'pharma_usage/bill': { before: { billed: false }, after: { billed: true } },
  'pharma_document/upload': { after: { rx_id: 9, filename: 'rezept.pdf', mime: 'application/pdf', size: 204800 } },
  'pharma_document/delete': { before: { rx_id: 9, filename: 'rezept.pdf', mime: 'application/pdf', size: 204800 } },
  'pharma_product/create': {
    before: null,
    after: { pzn: '04595987', title: 'Einmalhandschuhe Nitril', customer_price: 1059, price: 890 },
  },
  'pharma_product/update': {
    before: { id: 4, pzn: '04595987', title: 'Einmalhandschuhe', customer_price: 999, price: 850 },
    after: { pzn: '04595987', title: 'Einmalhandschuhe Nitril', customer_price: 1059, price: 890 },
  },
  'pharma_product/delete': {
    before: { id: 4, pzn: '04595987', title: 'Einmalhandschuhe Nitril', customer_price: 1059, price: 890 },
  },
};

/** The names the server looks up for the sample ids. */
const ctx = {
  timeZone: 'Europe/Berlin',
  names: {
    class: new Map([[3, 'Bürgertest']]),
    service: new Map([
      [5, 'Schnelltest'],
      [6, 'PCR-Test'],
    ]),
    lab: new Map([[2, 'Labor Nord']]),
    group: new Map([
      [7, 'Firma Nord'],
      [8, 'Schule Süd'],
      [9, 'Verein'],
    ]),
    customer: new Map([[31, 'Becker, Hildegard']]),
    appointment: new Map([[11, '123456']]),
  },
};

const key = (e: { entity: string; action: string }) => `${e.entity}/${e.action}`;
const rowOf = (e: { entity: string; action: string }) => ({
  ...e,
  ...SAMPLES[key(e)],
  user_name: 'Paula Plattform',
});
/** A stored key ('res_detected', 'customer_title') or a code where a word belongs. */
const SNAKE = /[A-Za-z]+_[A-Za-z0-9_]+/;
const BARE_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

describe('every audited action reads as words (issue 26, item 4)', () => {
  it('has a sample for every action of the catalogue, and no sample for an action it lacks', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(AUDIT_EVENTS.map(key).sort());
  });

  it.each(AUDIT_EVENTS.map((e) => [key(e), e] as const))('%s: a sentence, named fields, no codes', (_, e) => {
    const row = rowOf(e);
    const { what, change } = describeAudit(row, ctx);
    const sentence = (AUDIT_ACTIONS as Record<string, Record<string, string>>)[e.entity]![e.action]!;
    expect(what.startsWith(sentence)).toBe(true);
    const { parts, unnamed } = auditChangeParts(row, ctx);
    // every stored field has a German name or is an internal id the reader does not need
    expect(unnamed, change).toBe(0);
    for (const text of [what, change]) {
      expect(text).not.toMatch(SNAKE);
      expect(text).not.toMatch(/undefined|null|NaN|\[object|nicht mehr vorhanden/);
    }
    // a value that is no typed text is a word, a date, an amount or a count with its unit, never a bare code
    for (const p of parts.filter((part) => !part.free)) {
      for (const value of [p.before, p.after]) {
        if (value !== undefined) expect(value, `${p.label} in ${change}`).not.toMatch(BARE_NUMBER);
      }
    }
  });

  it("names the type of a new centre and who adopted a centre's ID (the two cases of the issue)", () => {
    expect(auditChange(rowOf({ entity: 'centre', action: 'create' }), ctx)).toBe(
      'Name: Apotheke am Markt; Ort: Kiel; Art: Apotheke',
    );
    const adopted = describeAudit(rowOf({ entity: 'centre', action: 'adopt' }), ctx);
    expect(adopted.what).toBe('ID übernommen von Paula Plattform (plattform@demo.example)');
    expect(adopted.change).toBe('');
  });

  it('reads settings by the labels of the settings screen, with their values as the screen shows them', () => {
    expect(auditChange(rowOf({ entity: 'centre_settings', action: 'update' }), ctx)).toBe(
      'Name des Zentrums: Alt → Neu; PLZ: 24103 → 24105; Art des Zentrums: Testzentrum → Apotheke; ' +
        'Mehrwertsteuer: 19 % → 7 %; Zahlungsklassifikation vor Ergebnis erzwingen: nein → ja',
    );
  });

  it('names the rows ids point at, and says so when one is gone', () => {
    expect(auditChange(rowOf({ entity: 'customer', action: 'institutions_replace' }), ctx)).toBe(
      'Gruppen: Firma Nord → Firma Nord, Schule Süd',
    );
    expect(
      auditChange(
        { entity: 'appointment', action: 'service', before: { service_id: 5 }, after: { service_id: 99 } },
        ctx,
      ),
    ).toBe('Dienstleistung: Schnelltest → Dienstleistung (nicht mehr vorhanden)');
    expect(auditChange(rowOf({ entity: 'receipt', action: 'issue' }), ctx)).toBe(
      'Termin: Vorgangsnummer 123456; Quittungsnummer: Q-2026-0001; Betrag: 12,50 €',
    );
    expect(auditWhat({ entity: 'centre', action: 'adopt', after: null })).toBe('ID übernommen');
  });

  it('lists what a deleted row held, without arrows', () => {
    expect(auditChange(rowOf({ entity: 'pharma_document', action: 'delete' }), ctx)).toBe(
      'Datei: rezept.pdf; Größe: 200 KB; Dateityp: PDF',
    );
  });

  it('collects the ids the server has to look up, by kind', () => {
    const ids = auditLookupIds(AUDIT_EVENTS.map(rowOf));
    expect([...ids.service].sort()).toEqual([5, 6]);
    expect([...ids.group].sort()).toEqual([7, 8, 9]);
    expect([...ids.customer]).toEqual([31]);
    expect([...ids.appointment]).toEqual([11]);
    expect([...ids.lab]).toEqual([2]);
    expect([...ids.class]).toEqual([3]);
  });
});
