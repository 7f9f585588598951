import { Alert, Text, TextInput } from '@mantine/core';
import { MSG } from '@tz/shared/messages';
import { type DemisSettings, demisEligibility, demisMissingLabels } from '@tz/shared/rules/demis-eligibility';
import { SETTINGS_LABELS as L } from '@tz/shared/settings/settings.contract';

type DemisField =
  | 'demis_account_name'
  | 'demis_bsnr'
  | 'demis_lab_id'
  | 'demis_street'
  | 'demis_street_nr'
  | 'demis_zip'
  | 'demis_city';

/** Which identifier is which: each field explains itself, as they are easily confused. */
const HELP: Partial<Record<DemisField, string>> = {
  demis_account_name: MSG.demisHelpAccountName,
  demis_bsnr: MSG.demisHelpBsnr,
  demis_lab_id: MSG.demisHelpLabId,
};

/**
 * The DEMIS section's fields: the three identifiers (account name for the
 * login, BSNR, participant number), then the address DEMIS shows the health
 * office. `inputProps` are the settings form's own (value, onChange, error).
 */
export function DemisSettingsFields({
  inputProps,
  values,
}: {
  inputProps: (field: DemisField) => object;
  /** The form's current values and the stored certificate name: the shared eligibility rule runs on them. */
  values: DemisSettings;
}) {
  // The same rule the server applies before reporting, on what is typed now (saved or not).
  const { eligible, missing } = demisEligibility(values);
  const field = (k: DemisField, extra: { inputMode?: 'numeric'; maxLength?: number } = {}) => (
    <TextInput key={k} label={L[k]} description={HELP[k]} {...extra} {...inputProps(k)} />
  );
  return (
    <>
      <Text size="sm" c="dimmed" style={{ gridColumn: '1 / -1' }}>
        {MSG.demisHelpIntro} {MSG.demisHelpContact}
      </Text>
      {field('demis_account_name')}
      {field('demis_lab_id', { inputMode: 'numeric', maxLength: 6 })}
      {field('demis_bsnr', { inputMode: 'numeric', maxLength: 9 })}
      {field('demis_street')}
      {field('demis_street_nr')}
      {field('demis_zip')}
      {field('demis_city')}
      <Alert
        color={eligible ? 'green' : 'yellow'}
        style={{ gridColumn: '1 / -1' }}
        title={eligible ? MSG.demisReady : MSG.demisNotReady}
        // the light yellow's own title colour is too pale to read (axe: colour contrast)
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {eligible ? MSG.demisReadyText : demisMissingLabels(missing).join(', ')}
      </Alert>
    </>
  );
}
