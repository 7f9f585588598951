import { Alert, Button, Group, Loader, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { PCR_ORDER_MAX_QUANTITY, PCR_ORDER_STATE_TEXT } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { formatDateTime } from '../../ui/format';
import { useOrderPcrProducts, usePcrLabs, usePcrOrders } from './use-pcr-labs';

const serverMessage = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError);
// dark shades: readable on the striped rows (contrast)
const STATE_COLOR = { queued: 'dark', sent: 'green.9', failed: 'red.9' } as const;

/** pcrLabsOrders: order products from one of the centre's labs; the orders with the state of their mail. */
export default function PcrLabsOrdersPage() {
  const { staffId } = useAuth();
  const labs = usePcrLabs(staffId);
  const orders = usePcrOrders(staffId);
  const order = useOrderPcrProducts(staffId);
  const [labId, setLabId] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number | ''>>({});
  const lab = labs.data?.find((l) => String(l.id) === labId) ?? (labs.data?.length === 1 ? labs.data[0] : undefined);
  const lines = Object.entries(quantities)
    .filter(([, q]) => typeof q === 'number' && q > 0)
    .map(([id, q]) => ({ product_id: Number(id), quantity: q as number }));

  const submit = async () => {
    if (!lab) return;
    try {
      await order.mutateAsync({ pcr_lab_id: lab.id, orders: lines });
      notifications.show({ color: 'green', message: MSG.pcrOrderSent });
      setQuantities({});
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  return (
    <Stack>
      {labs.isLoading && <Loader aria-label="Labore werden geladen" />}
      {labs.data?.length === 0 && <Text>{MSG.noPcrLab}</Text>}
      {!!labs.data?.length && (
        <Select
          label="Labor"
          data={labs.data.map((l) => ({ value: String(l.id), label: l.name }))}
          value={lab ? String(lab.id) : null}
          onChange={(v) => {
            setLabId(v);
            setQuantities({});
          }}
          w={320}
        />
      )}
      {lab && !lab.email && <Alert color="yellow">Für dieses Labor ist keine E-Mail-Adresse hinterlegt.</Alert>}
      {lab && lab.products.length === 0 && <Text>Für dieses Labor sind noch keine Produkte angelegt.</Text>}
      {lab && lab.products.length > 0 && (
        <>
          <Table maw={700}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produkt</Table.Th>
                <Table.Th>Artikelnummer</Table.Th>
                <Table.Th>Menge</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lab.products.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.number || '–'}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Menge ${p.name}`}
                      min={0}
                      max={PCR_ORDER_MAX_QUANTITY}
                      allowDecimal={false}
                      allowNegative={false}
                      value={quantities[p.id] ?? ''}
                      onChange={(v) => setQuantities((q) => ({ ...q, [p.id]: typeof v === 'number' ? v : '' }))}
                      w={120}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button onClick={submit} loading={order.isPending} disabled={lines.length === 0 || !lab.email}>
              Bestellen
            </Button>
          </Group>
        </>
      )}
      <Title order={2} size="h3">
        Bisherige Bestellungen
      </Title>
      {orders.data?.length === 0 && <Text>Noch keine Bestellungen.</Text>}
      {!!orders.data?.length && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datum</Table.Th>
              <Table.Th>Labor</Table.Th>
              <Table.Th>Produkte</Table.Th>
              <Table.Th>Bestellt von</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>{formatDateTime(o.created_at)}</Table.Td>
                <Table.Td>
                  {o.lab_name} ({o.email})
                </Table.Td>
                <Table.Td>{o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}</Table.Td>
                <Table.Td>{o.created_by ?? '–'}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} c={STATE_COLOR[o.state]}>
                    {PCR_ORDER_STATE_TEXT[o.state]}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
