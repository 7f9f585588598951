import { Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ROUTES, type RouteName, to } from '../../routes';
import { PcrLabList } from './pcr-lab-list';

const TABS: { route: RouteName; label: string }[] = [
  { route: 'pcrLabs', label: 'Labore' },
  { route: 'pcrLabsAppointments', label: 'PCR-Termine' },
  { route: 'pcrLabsOrders', label: 'Bestellungen' },
];

/** PCR labs (configuration-admin §2 pcrLabs): the labs, with the children appointments and orders as tabs. */
export default function PcrLabsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((t) => t.route !== 'pcrLabs' && pathname.startsWith(ROUTES[t.route]))?.route ?? 'pcrLabs';
  return (
    <Stack>
      <Title order={1} size="h2">
        PCR-Labore
      </Title>
      <Tabs value={current} onChange={(v) => v && navigate(to(v as RouteName))}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.route} value={t.route}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current === 'pcrLabs' ? <PcrLabList /> : <Outlet />}
    </Stack>
  );
}
