import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Divider,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { FUNCTION_CATEGORIES } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { FunctionEntry, User } from '@tz/shared/users/users.contract';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerErrors, labelsOf } from '../../ui/server-errors';
import {
  useAddUserFunctions,
  useCreateCustomFunction,
  useDeleteCustomFunction,
  useFunctions,
  useRemoveUserFunction,
  useUserFunctions,
} from './use-users';
import { CUSTOM_FUNCTION_LABELS } from './user-field-labels';

export const CATEGORY_LABELS: Record<FunctionEntry['category'], string> = {
  skill: 'Fähigkeit',
  function: 'Funktion',
  language: 'Sprache',
};

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : MSG.genericError);
const fail = (e: unknown) => notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });

/** Assign and remove a user's functions; create and delete the centre's own functions. */
export function UserFunctionsModal(props: { staffId: number; user: User; readOnly: boolean; onClose: () => void }) {
  const { staffId, user, readOnly } = props;
  const all = useFunctions(staffId);
  const assigned = useUserFunctions(staffId, user.id);
  const add = useAddUserFunctions(staffId, user.id);
  const remove = useRemoveUserFunction(staffId, user.id);
  const create = useCreateCustomFunction(staffId);
  const del = useDeleteCustomFunction(staffId);
  const [picked, setPicked] = useState<string[]>([]);
  const form = useForm({
    initialValues: { label: '', category: '' },
    validate: {
      label: (v) => (v.trim() ? null : MSG.functionLabelRequired),
      category: (v) => (v ? null : MSG.functionCategoryRequired),
    },
  });

  const assignedIds = new Set(assigned.data?.map((f) => f.function_id));
  const options = FUNCTION_CATEGORIES.map((c) => ({
    group: CATEGORY_LABELS[c],
    items: (all.data ?? [])
      .filter((f) => f.category === c && !assignedIds.has(f.id))
      .map((f) => ({ value: String(f.id), label: f.label })),
  })).filter((g) => g.items.length > 0);
  const own = (all.data ?? []).filter((f) => f.staff_id === staffId);

  const onAdd = async () => {
    if (picked.length === 0) return;
    try {
      await add.mutateAsync(picked.map(Number));
      setPicked([]);
      notifications.show({ color: 'green', message: MSG.functionsUpdated });
    } catch (e) {
      fail(e);
    }
  };
  const onCreate = form.onSubmit(async (v) => {
    try {
      await create.mutateAsync({ label: v.label.trim(), category: v.category as FunctionEntry['category'] });
      form.reset();
      notifications.show({ color: 'green', message: MSG.functionCreated });
    } catch (e) {
      const refused = applyServerErrors(form, e, labelsOf(CUSTOM_FUNCTION_LABELS));
      notifications.show({ color: 'red', title: MSG.errorTitle, message: refused.text });
    }
  });
  const onDelete = (f: FunctionEntry) =>
    modals.openConfirmModal({
      title: 'Funktion löschen',
      children: (
        <Text size="sm">
          Soll die Funktion „{f.label}“ wirklich gelöscht werden? Sie wird allen Benutzern entzogen.
        </Text>
      ),
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          await del.mutateAsync(f.id);
          notifications.show({ color: 'green', message: MSG.functionDeleted });
        } catch (e) {
          fail(e);
        }
      },
    });

  return (
    <Modal opened onClose={props.onClose} title={`Funktionen von ${user.name}`} size="lg">
      <Stack>
        {(all.isLoading || assigned.isLoading) && <Loader size="sm" aria-label="Funktionen werden geladen" />}
        {(all.error || assigned.error) && (
          <Alert color="red" role="alert">
            {errorText(all.error ?? assigned.error)}
          </Alert>
        )}
        <section aria-label="Zugeordnete Funktionen">
          <Title order={2} size="h5" mb="xs">
            Zugeordnet
          </Title>
          {assigned.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              Noch keine Funktionen zugeordnet.
            </Text>
          )}
          <Group gap="xs">
            {assigned.data?.map((f) => (
              <Badge
                key={f.user_function_id}
                variant="light"
                size="lg"
                rightSection={
                  !readOnly && (
                    <CloseButton
                      size="xs"
                      aria-label={`${f.label} entfernen`}
                      onClick={() => remove.mutateAsync(f.function_id).catch(fail)}
                    />
                  )
                }
              >
                {f.label} · {CATEGORY_LABELS[f.category]}
              </Badge>
            ))}
          </Group>
        </section>
        {!readOnly && (
          <Group align="flex-end">
            <MultiSelect
              label="Funktionen hinzufügen"
              placeholder="Auswählen"
              data={options}
              value={picked}
              onChange={setPicked}
              searchable
              style={{ flex: 1 }}
            />
            <Button onClick={() => void onAdd()} disabled={picked.length === 0} loading={add.isPending}>
              Hinzufügen
            </Button>
          </Group>
        )}
        <Divider />
        <section aria-label="Eigene Funktionen des Testzentrums">
          <Title order={2} size="h5" mb="xs">
            Eigene Funktionen des Testzentrums
          </Title>
          <Stack gap={4} mb="sm">
            {own.length === 0 && (
              <Text size="sm" c="dimmed">
                Noch keine eigenen Funktionen.
              </Text>
            )}
            {own.map((f) => (
              <Group key={f.id} justify="space-between">
                <Text size="sm">
                  {f.label}{' '}
                  <Text span c="dimmed">
                    ({CATEGORY_LABELS[f.category]})
                  </Text>
                </Text>
                <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(f)}>
                  {`${f.label} löschen`}
                </Button>
              </Group>
            ))}
          </Stack>
          <form onSubmit={onCreate} noValidate>
            <Group align="flex-start">
              <TextInput
                label={CUSTOM_FUNCTION_LABELS.label}
                required
                style={{ flex: 1 }}
                {...form.getInputProps('label')}
              />
              <Select
                label={CUSTOM_FUNCTION_LABELS.category}
                required
                data={FUNCTION_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
                {...form.getInputProps('category')}
              />
              <Button type="submit" mt={25} loading={create.isPending}>
                Anlegen
              </Button>
            </Group>
          </form>
        </section>
      </Stack>
    </Modal>
  );
}
