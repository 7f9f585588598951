import { Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import type { PharmaProduct, ProductBody } from '@tz/shared/pharma/pharma.contract';
import { euros } from '@tz/shared/rules/vat-total';
import { useState } from 'react';
import { MoneyInput } from './money-input';
import { serverMessage } from './pharma-page';
import { useDeleteProduct, useProducts, useSaveProduct } from './use-pharma';

const EMPTY: ProductBody = { pzn: '', title: '', customer_price: 0, price: 0 };

/** The centre's product catalogue; role 25 or lower may add, change and delete. */
export function ProductsTab({ staffId, editable }: { staffId: number; editable: boolean }) {
  const products = useProducts(staffId);
  const save = useSaveProduct(staffId);
  const remove = useDeleteProduct(staffId);
  const [form, setForm] = useState<ProductBody>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);

  const submit = async () => {
    try {
      const res = await save.mutateAsync({ productId: editing, body: form });
      notifications.show({ color: 'green', message: res.message });
      setForm(EMPTY);
      setEditing(null);
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };
  const confirmDelete = (p: PharmaProduct) =>
    modals.openConfirmModal({
      title: 'Produkt löschen',
      children: <Text size="sm">Möchten Sie „{p.title}“ wirklich löschen?</Text>,
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          const res = await remove.mutateAsync(p.id);
          notifications.show({ color: 'green', message: res.message });
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
        }
      },
    });

  return (
    <Stack>
      {editable && (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="PZN"
            value={form.pzn}
            onChange={(e) => setForm({ ...form, pzn: e.currentTarget.value })}
            maxLength={12}
            w={120}
          />
          <TextInput
            label="Bezeichnung"
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
            maxLength={200}
            miw={260}
          />
          <MoneyInput
            label="Kundenpreis"
            cents={form.customer_price ?? 0}
            onChange={(c) => setForm({ ...form, customer_price: c })}
          />
          <MoneyInput label="Preis (netto)" cents={form.price ?? 0} onChange={(c) => setForm({ ...form, price: c })} />
          <Button onClick={() => void submit()} loading={save.isPending} disabled={!form.pzn || !form.title}>
            {editing === null ? 'Produkt anlegen' : 'Produkt speichern'}
          </Button>
          {editing !== null && (
            <Button
              variant="default"
              onClick={() => {
                setEditing(null);
                setForm(EMPTY);
              }}
            >
              Abbrechen
            </Button>
          )}
        </Group>
      )}
      {products.isLoading && <Loader aria-label="Produkte werden geladen" />}
      {products.data?.length === 0 && <Text>Noch keine Produkte im Katalog.</Text>}
      {products.data && products.data.length > 0 && (
        <Table striped withTableBorder aria-label="Produktkatalog">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>PZN</Table.Th>
              <Table.Th>Bezeichnung</Table.Th>
              <Table.Th>Kundenpreis</Table.Th>
              <Table.Th>Preis (netto)</Table.Th>
              {editable && <Table.Th>Aktionen</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.data.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.pzn}</Table.Td>
                <Table.Td>{p.title}</Table.Td>
                <Table.Td>{euros(p.customer_price)}</Table.Td>
                <Table.Td>{euros(p.price)}</Table.Td>
                {editable && (
                  <Table.Td>
                    <Group gap={4}>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Bearbeiten: ${p.title}`}
                        onClick={() => {
                          setEditing(p.id);
                          setForm({ pzn: p.pzn, title: p.title, customer_price: p.customer_price, price: p.price });
                        }}
                      >
                        Bearbeiten
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={`Löschen: ${p.title}`}
                        onClick={() => confirmDelete(p)}
                      >
                        Löschen
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
