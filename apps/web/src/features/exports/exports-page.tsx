import { Loader, Stack, Tabs, Title } from '@mantine/core';
import { ROLE, VACCINATION_CENTRE_TYPE } from '@tz/shared/constants';
import { useAuth } from '../../auth/use-session';
import { useAppointmentOptions } from '../appointments/use-appointments';
import { BillingOverviewSection } from './billing-overview';
import { DayExportTab } from './day-export-tab';
import { MonthlyExportTab } from './monthly-export-tab';

/**
 * The exports screen (configuration-admin §2 "Exports page"): the
 * vaccination-centre export (vaccination centres only), the immediate export
 * (role 20 or lower) and the monthly export; the billing overview (beyond the
 * spec) in a tab of its own, so the requested exports never push it away.
 */
export default function ExportsPage() {
  const auth = useAuth();
  const staffId = auth.staffId;
  const options = useAppointmentOptions(staffId);
  if (!options.data) return <Loader aria-label="Exporte werden geladen" />;
  const vaccinationCentre = options.data.centre_type === VACCINATION_CENTRE_TYPE;
  const immediate = auth.role_id <= ROLE.admin;
  return (
    <Stack>
      <Title order={1} size="h2">
        Export
      </Title>
      <Tabs defaultValue={vaccinationCentre ? 'vaccination' : immediate ? 'daily' : 'monthly'} keepMounted={false}>
        <Tabs.List>
          {vaccinationCentre && <Tabs.Tab value="vaccination">Impfzentrum-Export</Tabs.Tab>}
          {immediate && <Tabs.Tab value="daily">Sofort-Export</Tabs.Tab>}
          <Tabs.Tab value="monthly">Monatsexport</Tabs.Tab>
          {immediate && <Tabs.Tab value="billing">Abrechnung</Tabs.Tab>}
        </Tabs.List>
        {vaccinationCentre && (
          <Tabs.Panel value="vaccination" pt="md">
            <DayExportTab staffId={staffId} kind="vaccination" />
          </Tabs.Panel>
        )}
        {immediate && (
          <Tabs.Panel value="daily" pt="md">
            <DayExportTab staffId={staffId} kind="daily" />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="monthly" pt="md">
          <MonthlyExportTab staffId={staffId} />
        </Tabs.Panel>
        {immediate && (
          <Tabs.Panel value="billing" pt="md">
            <BillingOverviewSection staffId={staffId} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
