import {
  Alert,
  Button,
  Card,
  ColorInput,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import {
  SETTINGS_LABELS as L,
  type Settings,
  type SettingsField,
  type SettingsInput,
  settingsInputSchema,
} from '@tz/shared/settings/settings.contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { applyServerErrors, focusField, inScreenOrder, invalidFieldsText, labelsOf } from '../../ui/server-errors';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { DemisSettingsFields } from './demis-settings-fields';
import { useCentreTypes, useSettings, useUpdateSettings, useUploadCertificate } from './use-settings';

type Values = Record<Exclude<SettingsField, 'default_IVA' | BoolField>, string> & {
  default_IVA: number | string;
} & Record<BoolField, boolean>;
type BoolField = 'force_payment_classification' | 'overwrite_payment_classification';

const REQUIRED = new Set<string>([
  'full_name',
  'email',
  'phone',
  'phone_int',
  'tz_street',
  'tz_street_number',
  'tz_zip',
  'tz_city',
  'invoice_mail',
  'inv_entity',
  'inv_street',
  'inv_zip',
  'inv_city',
  'UID',
  'prof_responsible',
  'prof_dataprotect',
  'prof_entity',
  'color1',
  'color2',
  'color3',
  'type',
  'default_IVA',
]);

function valuesOf(s: Settings): Values {
  const v: Record<string, unknown> = {};
  for (const k of Object.keys(L)) {
    const raw = s[k as keyof Settings];
    v[k] = typeof raw === 'boolean' || typeof raw === 'number' ? raw : (raw ?? '');
  }
  return v as Values;
}

/** The same zod schema as the server, its messages placed at the fields. */
function validate(values: Values) {
  const parsed = settingsInputSchema.safeParse({
    ...values,
    default_IVA: values.default_IVA === '' ? undefined : Number(values.default_IVA),
  });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

/** Sections of the form; the optional focus parameter (e.g. /settings/DEMIS) scrolls to one. */
const SECTIONS = {
  stammdaten: 'Stammdaten',
  rechnung: 'Rechnung',
  impressum: 'Impressum/Berufsrecht',
  gesundheitsamt: 'Gesundheitsamt',
  demis: 'DEMIS',
  darstellung: 'Darstellung',
  zahlungsklassifikation: 'Zahlungsklassifikation',
} as const;

export default function SettingsPage() {
  const { staffId } = useAuth();
  const { focus } = useParams();
  const settings = useSettings(staffId);
  const types = useCentreTypes(staffId);
  const update = useUpdateSettings(staffId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: {} as Values, validate });
  const [loaded, setLoaded] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once per load
  useEffect(() => {
    if (settings.data && !loaded) {
      form.setValues(valuesOf(settings.data));
      form.resetDirty();
      setLoaded(true);
    }
  }, [settings.data]);

  useEffect(() => {
    if (!loaded || !focus) return;
    document.getElementById(`section-${focus.toLowerCase()}`)?.scrollIntoView({ block: 'start' });
  }, [loaded, focus]);

  const labels = labelsOf(L);
  // Names the first invalid field (in the screen's order) and moves there.
  const showInvalid = (errors: Record<string, string>) => {
    const order = inScreenOrder(form, Object.keys(errors));
    focusField(form, order[0]);
    return order.length > 0 ? invalidFieldsText(errors, order, labels) : null;
  };
  const submit = form.onSubmit(
    async (v) => {
      setError(null);
      try {
        const r = await update.mutateAsync({ ...v, default_IVA: Number(v.default_IVA) } as SettingsInput);
        const saved = valuesOf(r.settings);
        form.setValues(saved);
        form.resetDirty(saved);
        notifications.show({ color: 'green', message: r.message });
      } catch (e) {
        const summary = applyServerErrors(form, e, labels, { focus: false });
        setError(showInvalid(summary.errors) ?? summary.text);
      }
    },
    // the form's own check (the same schema)
    (errors) => setError(showInvalid(errors as Record<string, string>) ?? MSG.invalidInput),
  );
  const dirty = loaded && form.isDirty();
  const leaveGuard = useUnsavedChangesGuard(dirty, (path) => /^\/settings(\/|$)/.test(path));

  if (settings.isLoading) return <Loader aria-label="Einstellungen werden geladen" />;
  if (settings.error || !settings.data) return <Alert color="red">{MSG.genericError}</Alert>;
  if (!loaded) return null;

  const text = (k: Exclude<SettingsField, 'default_IVA' | BoolField>) => (
    <TextInput key={k} label={L[k]} required={REQUIRED.has(k)} {...form.getInputProps(k)} />
  );
  const colour = (k: 'color1' | 'color2' | 'color3') => (
    <ColorInput
      key={k}
      label={L[k]}
      required
      format="hex"
      eyeDropperButtonProps={{ 'aria-label': `${L[k]} vom Bildschirm aufnehmen` }}
      {...form.getInputProps(k)}
    />
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        Einstellungen
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Section id="stammdaten">
            {text('full_name')}
            {text('search_name')}
            <Select
              label={L.type}
              required
              allowDeselect={false}
              data={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              {...form.getInputProps('type')}
            />
            <Select
              label={L.tz_institution_type}
              clearable
              data={['§4', '§4a']}
              {...form.getInputProps('tz_institution_type')}
              value={form.values.tz_institution_type || null}
              onChange={(v) => form.setFieldValue('tz_institution_type', v ?? '')}
            />
            {text('email')}
            {text('email_backup')}
            {text('phone')}
            {text('phone_int')}
            {text('tz_street')}
            {text('tz_street_number')}
            {text('tz_zip')}
            {text('tz_city')}
            {text('address')}
            {text('time_zone')}
            {text('company_service_hours')}
            {text('domain')}
            <Textarea label={L.info} autosize minRows={2} {...form.getInputProps('info')} />
          </Section>
          <Section id="rechnung">
            {text('invoice_mail')}
            {text('inv_entity')}
            {text('inv_street')}
            {text('inv_zip')}
            {text('inv_city')}
            {text('UID')}
            <NumberInput
              label={L.default_IVA}
              required
              min={0}
              max={100}
              decimalScale={2}
              decimalSeparator=","
              {...form.getInputProps('default_IVA')}
            />
            {text('ik_nr')}
          </Section>
          <Section id="impressum">
            {text('prof_entity')}
            {text('prof_responsible')}
            {text('prof_dataprotect')}
            {text('profession_title')}
            {text('profession_chamber')}
            {text('profession_registration')}
            {text('profession_number')}
            {text('handelsregister_nummer')}
            {text('handelsregister_ort')}
            {text('impressum_link')}
            {text('link_to_info_booklet_for_positive_cases')}
          </Section>
          <Section id="gesundheitsamt">
            {text('health_department')}
            {text('health_department_testcenter_id')}
            {text('health_department_contact')}
            {text('health_department_email')}
            {text('health_department_zip')}
            {text('oegd_zip')}
          </Section>
          <Section
            id="demis"
            footer={<CertificateUpload staffId={staffId} filename={settings.data.demis_cert_filename} />}
          >
            <DemisSettingsFields
              inputProps={(k) => form.getInputProps(k)}
              values={{ ...form.values, demis_cert_filename: settings.data.demis_cert_filename }}
            />
          </Section>
          <Section id="darstellung">
            {colour('color1')}
            {colour('color2')}
            {colour('color3')}
            {text('google_maps_link')}
            <Textarea label={L.google_maps_embed} autosize minRows={2} {...form.getInputProps('google_maps_embed')} />
          </Section>
          <Section id="zahlungsklassifikation">
            <Switch
              label={L.force_payment_classification}
              {...form.getInputProps('force_payment_classification', { type: 'checkbox' })}
            />
            <Switch
              label={L.overwrite_payment_classification}
              {...form.getInputProps('overwrite_payment_classification', { type: 'checkbox' })}
            />
          </Section>
          {/* The save bar stays in sight at the bottom while the long form scrolls. */}
          <Paper
            withBorder
            shadow="sm"
            p="sm"
            pos="sticky"
            bottom={0}
            style={{ zIndex: 2 }}
            data-testid="settings-save-bar"
          >
            <Stack gap="xs">
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={update.isPending}>
                  Einstellungen speichern
                </Button>
                {dirty && (
                  <Text size="sm" c="dimmed">
                    Ungespeicherte Änderungen
                  </Text>
                )}
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </form>
      {leaveGuard}
    </Stack>
  );
}

function Section({ id, children, footer }: { id: keyof typeof SECTIONS; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card withBorder component="section" id={`section-${id}`} aria-labelledby={`heading-${id}`}>
      <Title order={2} size="h3" id={`heading-${id}`} mb="sm">
        {SECTIONS[id]}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
      {footer}
    </Card>
  );
}

/** DEMIS certificate: only .p12; success says 'Hochgeladen'. The file never comes back from the server. */
function CertificateUpload({ staffId, filename }: { staffId: number; filename: string | null }) {
  const upload = useUploadCertificate(staffId);
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passphraseError, setPassphraseError] = useState<string | null>(null);
  const send = async () => {
    if (!file) return;
    setError(null);
    setPassphraseError(null);
    try {
      const r = await upload.mutateAsync({ file, passphrase });
      notifications.show({
        color: 'green',
        message: r.converted ? `${r.message}. ${MSG.certificateConverted}` : r.message,
      });
      setFile(null);
      setPassphrase('');
    } catch (e) {
      // A wrong passphrase is said at the passphrase field; nothing was stored.
      if (e instanceof ApiError && e.code === 'CERTIFICATE_WRONG_PASSPHRASE') setPassphraseError(e.message);
      else setError(e instanceof ApiError ? e.message : MSG.uploadFailed);
    }
  };
  return (
    <Stack mt="md" gap="xs">
      <Text size="sm">
        Hinterlegtes Zertifikat: <strong>{filename ?? 'keines'}</strong>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FileInput
          label="DEMIS-Zertifikat (.p12)"
          accept=".p12,application/x-pkcs12"
          clearable
          clearButtonProps={{ 'aria-label': 'Auswahl entfernen' }}
          value={file}
          onChange={(f) => {
            setError(null);
            setFile(f && /\.p12$/i.test(f.name) ? f : null);
            if (f && !/\.p12$/i.test(f.name)) setError(MSG.certificateOnlyP12);
          }}
          error={error}
        />
        <PasswordInput
          label="Passwort des Zertifikats"
          value={passphrase}
          onChange={(e) => {
            setPassphrase(e.currentTarget.value);
            setPassphraseError(null);
          }}
          error={passphraseError}
        />
      </SimpleGrid>
      <Group>
        <Button variant="light" onClick={send} disabled={!file} loading={upload.isPending}>
          Zertifikat hochladen
        </Button>
      </Group>
    </Stack>
  );
}
