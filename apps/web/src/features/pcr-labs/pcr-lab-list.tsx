import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { type PcrLab, type PcrLabBody, pcrLabBodySchema } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { useState } from 'react';
import { useAuth } from '../../auth/use-session';
import { ruleOf, useMarksUntilCorrected } from '../../ui/field-rules';
import { applyServerErrors, focusField, inScreenOrder, invalidFieldsText } from '../../ui/server-errors';
import { useUpright } from '../../ui/use-upright';
import { PCR_LAB_LABELS as L, pcrLabLabel } from './pcr-lab-field-labels';
import { usePcrLabs, useSavePcrLab } from './use-pcr-labs';

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

const body = pcrLabBodySchema.shape;
const productRules = body.products.element.shape;
const hasRule = (path: string) => ['name', 'email'].includes(path) || /^products\.\d+\.name$/.test(path);

/** The centre's labs; administrators (role ≤ 20) create and edit them with their product catalogue. */
export function PcrLabList() {
  const auth = useAuth();
  const labs = usePcrLabs(auth.staffId);
  const mayManage = auth.role_id <= ROLE.admin;
  const [draft, setDraft] = useState<Draft | null>(null);
  // A tablet upright: the e-mail stands under the name; every field of the lab stays in the row.
  const upright = useUpright();

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
        {draft && <PcrLabForm draft={draft} onDone={() => setDraft(null)} />}
      </Modal>
    </Stack>
  );
}

/**
 * One lab with its catalogue. A refused save marks each field with its message (the contract's rules in the
 * browser, the server's answer otherwise), and a mark stays until the field is corrected.
 */
function PcrLabForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const auth = useAuth();
  const save = useSavePcrLab(auth.staffId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Draft>({
    initialValues: draft,
    clearInputErrorOnChange: false,
    validate: {
      name: ruleOf(body.name),
      email: ruleOf(body.email),
      products: { name: ruleOf(productRules.name) },
    },
  });
  useMarksUntilCorrected(form, hasRule);

  const submit = form.onSubmit(
    async (v) => {
      setError(null);
      const payload: PcrLabBody = {
        name: v.name,
        email: v.email,
        result_system: v.result_system,
        result_button_label: v.result_button_label,
        show_sidebar: v.show_sidebar ? 1 : 0,
        products: v.products,
      };
      try {
        const res = await save.mutateAsync({ id: v.id, body: payload });
        notifications.show({ color: 'green', message: res.message });
        onDone();
      } catch (e) {
        setError(applyServerErrors(form, e, pcrLabLabel).text);
      }
    },
    (errors) => {
      const order = inScreenOrder(form, Object.keys(errors));
      setError(invalidFieldsText(errors as Record<string, string>, order, pcrLabLabel));
      focusField(form, order[0]);
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={L.name} required maxLength={120} {...form.getInputProps('name')} />
        <TextInput label={L.email} type="email" maxLength={254} {...form.getInputProps('email')} />
        <TextInput label={L.result_system} maxLength={60} {...form.getInputProps('result_system')} />
        <TextInput label={L.result_button_label} maxLength={60} {...form.getInputProps('result_button_label')} />
        <Checkbox label={L.show_sidebar} {...form.getInputProps('show_sidebar', { type: 'checkbox' })} />
        <Text fw={600}>{L.products}</Text>
        {form.values.products.map((p, i) => (
          <Group key={p.id ?? `new-${i}`} align="start" wrap="nowrap">
            <TextInput
              label={pcrLabLabel(`products.${i}.name`)}
              maxLength={120}
              style={{ flex: 2 }}
              {...form.getInputProps(`products.${i}.name`)}
            />
            <TextInput
              label={pcrLabLabel(`products.${i}.number`)}
              maxLength={60}
              style={{ flex: 1 }}
              {...form.getInputProps(`products.${i}.number`)}
            />
            <ActionIcon
              variant="light"
              color="red"
              size="lg"
              mt={24}
              aria-label={`Produkt ${i + 1} entfernen`}
              onClick={() => form.removeListItem('products', i)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" onClick={() => form.insertListItem('products', { name: '', number: '' })}>
            Produkt hinzufügen
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" loading={save.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
