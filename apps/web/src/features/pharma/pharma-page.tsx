import { Alert, Anchor, Button, Card, Group, Loader, Overlay, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { Rx } from '@tz/shared/pharma/pharma.contract';
import { germanDate } from '@tz/shared/rules/german-date';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { BillingTab } from './billing-tab';
import { MonthPicker } from './month-picker';
import { type DayRange, monthRange, unixRange } from './month-range';
import { ProductsTab } from './products-tab';
import { useActivateRx, useRxList } from './use-pharma';

export const serverMessage = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError);
export const customerName = (rx: Pick<Rx, 'customer'>) => `${rx.customer.last_name}, ${rx.customer.first_name}`;

/** One prescription of the month list; an inactive one lies under the overlay with 'Aktivieren'. */
function RxCard({ rx, staffId }: { rx: Rx; staffId: number }) {
  const activate = useActivateRx(staffId);
  const name = customerName(rx);
  const onActivate = async () => {
    try {
      const res = await activate.mutateAsync(rx.id);
      notifications.show({ color: 'green', message: res.message });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };
  return (
    <Card withBorder pos="relative" component="article" aria-label={`Verordnung ${name}`}>
      {!rx.active && (
        <Overlay color="#fff" backgroundOpacity={0.85} zIndex={5} center>
          <Stack align="center" gap="xs">
            <Text fw={700}>{MSG.rxInactive}</Text>
            <Button size="xs" onClick={() => void onActivate()} loading={activate.isPending}>
              {MSG.rxActivate}
            </Button>
          </Stack>
        </Overlay>
      )}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Anchor component={Link} to={to('customer_edit', { id: rx.customer.id })} fw={700}>
            {name}
          </Anchor>
          <Text size="sm">Ausgestellt am {germanDate(rx.date)}</Text>
          <Text size="sm" c="dimmed">
            Leistungszeitraum {germanDate(rx.start)} – {rx.end ? germanDate(rx.end) : 'offen'}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" component={Link} to={to('rxEdit', { rx_id: rx.id })}>
            Bearbeiten
          </Button>
          <Button size="xs" variant="default" component={Link} to={to('rxDocuments', { rx_id: rx.id })}>
            Dokumente ({rx.documents})
          </Button>
          <Button size="xs" component={Link} to={to('rxUsageEdit', { rx_id: rx.id, usage_id: 'new' })}>
            Neue Abgabe
          </Button>
        </Group>
      </Group>
      {rx.rx_usages.length === 0 ? (
        <Text size="sm" mt="xs">
          Keine Abgabe in diesem Zeitraum.
        </Text>
      ) : (
        <Stack gap={4} mt="xs">
          {rx.rx_usages.map((u) => (
            <Group key={u.id} gap="md" wrap="wrap">
              <Text size="sm">Kommissioniert am {germanDate(u.date)}</Text>
              <Text size="sm">Abholung {u.handover_date ? germanDate(u.handover_date) : '—'}</Text>
              {u.billed && (
                <Text size="sm" c="dimmed">
                  abgerechnet
                </Text>
              )}
              <Anchor size="sm" component={Link} to={to('rxUsageEdit', { rx_id: rx.id, usage_id: u.id })}>
                Abgabe bearbeiten
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
      {rx.notes && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          Notiz: {rx.notes}
        </Text>
      )}
    </Card>
  );
}

function PrescriptionsTab({ staffId }: { staffId: number }) {
  const [range, setRange] = useState<DayRange>(() => monthRange(dayjs().format('YYYY-MM-DD')));
  const list = useRxList(staffId, unixRange(range));
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <MonthPicker value={range} onChange={setRange} />
        <Button component={Link} to={to('rxEdit', { rx_id: 'new' })}>
          Neue Verordnung
        </Button>
      </Group>
      {list.isLoading && <Loader aria-label="Verordnungen werden geladen" />}
      {list.error && (
        <Alert color="red" role="alert">
          {serverMessage(list.error)}
        </Alert>
      )}
      {list.data?.length === 0 && <Text>Keine Verordnungen in diesem Zeitraum.</Text>}
      {list.data?.map((rx) => (
        <RxCard key={rx.id} rx={rx} staffId={staffId} />
      ))}
    </Stack>
  );
}

/** The pharmacy area (configuration-admin §2): prescriptions by month, the product catalogue and billing. */
export default function PharmaPage() {
  const auth = useAuth();
  const manager = auth.role_id <= ROLE.manager;
  return (
    <Stack>
      <Title order={1} size="h2">
        Dauerverordnungen
      </Title>
      <Tabs defaultValue="rx" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rx">Verordnungen</Tabs.Tab>
          <Tabs.Tab value="products">Produkte</Tabs.Tab>
          {manager && <Tabs.Tab value="billing">Abrechnung</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="rx" pt="md">
          <PrescriptionsTab staffId={auth.staffId} />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          <ProductsTab staffId={auth.staffId} editable={manager} />
        </Tabs.Panel>
        {manager && (
          <Tabs.Panel value="billing" pt="md">
            <BillingTab staffId={auth.staffId} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
