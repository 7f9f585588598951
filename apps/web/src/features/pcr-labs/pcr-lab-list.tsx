import { ActionIcon, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { PcrLab, PcrLabBody } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { useUpright } from '../../ui/use-upright';
import { usePcrLabs, useSavePcrLab } from './use-pcr-labs';

const serverMessage = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError);

type Draft = {
  id?: number;
  name: string;
  email: string;
  result_system: string;
  result_button_label: string;
  show_sidebar: boolean;
  products: { id?: number; name: string; number: string }[];
};

const draftOf = (lab?: PcrLab): Draft => ({
  id: lab?.id,
  name: lab?.name ?? '',
  email: lab?.email ?? '',
  result_system: lab?.result_system ?? '',
  result_button_label: lab?.result_button_label ?? '',
  show_sidebar: lab ? lab.show_sidebar === 1 : true,
  products: lab?.products.map((p) => ({ ...p })) ?? [],
});

/** The centre's labs; administrators (role ≤ 20) create and edit them with their product catalogue. */
export function PcrLabList() {
  const auth = useAuth();
  const labs = usePcrLabs(auth.staffId);
  const save = useSavePcrLab(auth.staffId);
  const mayManage = auth.role_id <= ROLE.admin;
  const [draft, setDraft] = useState<Draft | null>(null);
  // A tablet upright: the e-mail stands under the name; every field of the lab stays in the row.
  const upright = useUpright();

  const submit = async () => {
    if (!draft) return;
    const body: PcrLabBody = {
      name: draft.name,
      email: draft.email,
      result_system: draft.result_system,
      result_button_label: draft.result_button_label,
      show_sidebar: draft.show_sidebar ? 1 : 0,
      products: draft.products,
    };
    try {
      const res = await save.mutateAsync({ id: draft.id, body });
      notifications.show({ color: 'green', message: res.message });
      setDraft(null);
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: serverMessage(e) });
    }
  };

  const setProduct = (i: number, patch: Partial<Draft['products'][number]>) =>
    setDraft((d) => d && { ...d, products: d.products.map((p, k) => (k === i ? { ...p, ...patch } : p)) });

  return (
    <Stack>
      {mayManage && (
        <Group>
          <Button onClick={() => setDraft(draftOf())}>Labor anlegen</Button>
        </Group>
      )}
      {labs.isLoading && <Loader aria-label="Labore werden geladen" />}
      {labs.data?.length === 0 && <Text>{MSG.noPcrLab}</Text>}
      {!!labs.data?.length && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Name</Table.Th>
              {!upright && <Table.Th>E-Mail</Table.Th>}
              <Table.Th>Ergebnissystem</Table.Th>
              <Table.Th>Ergebnis-Button</Table.Th>
              <Table.Th>In der Seitenleiste</Table.Th>
              <Table.Th>Produkte</Table.Th>
              {mayManage && <Table.Th>Bearbeiten</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {labs.data.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.id}</Table.Td>
                <Table.Td>
                  {l.name}
                  {upright && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {l.email ?? 'Keine E-Mail'}
                    </Text>
                  )}
                </Table.Td>
                {!upright && <Table.Td>{l.email ?? '–'}</Table.Td>}
                <Table.Td>{l.result_system ?? '–'}</Table.Td>
                <Table.Td>{l.result_button_label ?? '–'}</Table.Td>
                <Table.Td>{l.show_sidebar === 1 ? 'Ja' : 'Nein'}</Table.Td>
                <Table.Td>{l.products.length}</Table.Td>
                {mayManage && (
                  <Table.Td>
                    {l.shared ? (
                      <Text size="sm">Gemeinsames Labor (Plattform)</Text>
                    ) : (
                      <Button size="xs" variant="light" onClick={() => setDraft(draftOf(l))}>
                        Bearbeiten
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={!!draft}
        onClose={() => setDraft(null)}
        title={draft?.id ? 'Labor bearbeiten' : 'Labor anlegen'}
        size="lg"
      >
        {draft && (
          <Stack>
            <TextInput
              label="Name"
              required
              value={draft.name}
              maxLength={120}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            />
            <TextInput
              label="E-Mail für Bestellungen"
              type="email"
              value={draft.email}
              maxLength={254}
              onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
            />
            <TextInput
              label="Ergebnissystem"
              value={draft.result_system}
              maxLength={60}
              onChange={(e) => setDraft({ ...draft, result_system: e.currentTarget.value })}
            />
            <TextInput
              label="Beschriftung des Ergebnis-Buttons"
              value={draft.result_button_label}
              maxLength={60}
              onChange={(e) => setDraft({ ...draft, result_button_label: e.currentTarget.value })}
            />
            <Checkbox
              label="In der Seitenleiste anzeigen (PCR-Labore)"
              checked={draft.show_sidebar}
              onChange={(e) => setDraft({ ...draft, show_sidebar: e.currentTarget.checked })}
            />
            <Text fw={600}>Produktkatalog</Text>
            {draft.products.map((p, i) => (
              <Group key={p.id ?? `new-${i}`} align="end" wrap="nowrap">
                <TextInput
                  label={`Produkt ${i + 1}`}
                  value={p.name}
                  maxLength={120}
                  onChange={(e) => setProduct(i, { name: e.currentTarget.value })}
                  style={{ flex: 2 }}
                />
                <TextInput
                  label={`Artikelnummer ${i + 1}`}
                  value={p.number}
                  maxLength={60}
                  onChange={(e) => setProduct(i, { number: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  aria-label={`Produkt ${i + 1} entfernen`}
                  onClick={() => setDraft({ ...draft, products: draft.products.filter((_, k) => k !== i) })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                onClick={() => setDraft({ ...draft, products: [...draft.products, { name: '', number: '' }] })}
              >
                Produkt hinzufügen
              </Button>
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDraft(null)}>
                Abbrechen
              </Button>
              <Button onClick={submit} loading={save.isPending} disabled={!draft.name.trim()}>
                Speichern
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
