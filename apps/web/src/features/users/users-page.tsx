import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ASSIGNABLE_ROLES, isPlatformAdmin, ROLE, ROLE_LABELS } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import type { User } from '@tz/shared/users/users.contract';
import { type KeyboardEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { to } from '../../routes';
import { TwoFactorResetButton } from '../security/two-factor-reset-button';
import { useTwoFactorUsers } from '../security/use-security';
import { useChangeRole, useRenameUser, useSetActive, useUsers } from './use-users';
import { UserFunctionsModal } from './user-functions-modal';
import { UserProfileModal } from './user-profile-modal';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : MSG.genericError);

export default function UsersPage() {
  const { id } = useParams();
  const staffId = Number(id);
  const auth = useAuth();
  const users = useUsers(staffId);
  // The status once, never twice in the DOM: its own column from xl, beside the name below (tablet, 1280 px).
  const wide = useMatches({ base: false, xl: true });
  const changeRole = useChangeRole(staffId);
  const setActive = useSetActive(staffId);
  const [functionsFor, setFunctionsFor] = useState<User | null>(null);
  const [profileFor, setProfileFor] = useState<User | null>(null);
  // Administrators reset a user's second factor (issue 30): who has one on, never their secret.
  const mayReset = auth.role_id <= ROLE.admin;
  const withTwoFactor = new Set(useTwoFactorUsers(staffId, mayReset).data?.map((r) => r.user_id) ?? []);

  // Mirrors the server: inside a centre nobody touches a stronger user or grants a stronger role.
  const platform = isPlatformAdmin(auth.role_id);
  const mayManage = (u: User) => platform || u.role_id >= auth.role_id;
  const mayGrant = (roleId: number) => platform || roleId >= auth.role_id;

  const onRole = async (u: User, value: string | null) => {
    if (!value || Number(value) === u.role_id) return;
    try {
      await changeRole.mutateAsync({ userId: u.id, role_id: Number(value) });
      notifications.show({ color: 'green', message: MSG.roleUpdated });
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
    }
  };

  const onToggleActive = (u: User) => {
    const block = u.active === 1;
    modals.openConfirmModal({
      title: block ? 'Zugang sperren' : 'Zugang aktivieren',
      children: <Text size="sm">{block ? MSG.disableConfirm : MSG.enableConfirm}</Text>,
      labels: { confirm: 'Ja', cancel: 'Nein' },
      onConfirm: async () => {
        try {
          await setActive.mutateAsync({ userId: u.id, active: block ? 0 : 1 });
          notifications.show({ color: 'green', message: block ? MSG.disabled : MSG.enabled });
        } catch (e) {
          notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
        }
      },
    });
  };

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          Benutzerverwaltung
        </Title>
        <Button component={Link} to={to('createUser')}>
          Benutzer hinzufügen
        </Button>
      </Group>
      {users.isLoading && <Loader aria-label="Benutzer werden geladen" />}
      {users.error && (
        <Alert color="red" role="alert">
          {errorText(users.error)}
        </Alert>
      )}
      {users.data && (
        // Fits from 736 px of content (a tablet upright) on: below the xl breakpoint the e-mail sits under
        // the name and the actions may wrap. The ID keeps its narrow column at every width: the spec's
        // table lists it (core-workflow §2 "User administration"; issue 26 item 3).
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>ID</Table.Th>
              <Table.Th visibleFrom="xl">E-Mail</Table.Th>
              <Table.Th>Rolle</Table.Th>
              {wide && <Table.Th>Status</Table.Th>}
              <Table.Th>Aktionen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((u) => {
              const self = u.id === auth.id;
              const manageable = mayManage(u);
              const roleOptions = ASSIGNABLE_ROLES.map((r) => ({
                value: String(r),
                label: ROLE_LABELS[r] ?? String(r),
                disabled: !mayGrant(r),
              }));
              if (!roleOptions.some((o) => o.value === String(u.role_id))) {
                roleOptions.unshift({ value: String(u.role_id), label: `Rolle ${u.role_id}`, disabled: true });
              }
              return (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <NameCell user={u} staffId={staffId} editable={manageable} withStatus={!wide} />
                  </Table.Td>
                  <Table.Td>{u.id}</Table.Td>
                  <Table.Td visibleFrom="xl">{u.email}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Rolle von ${u.name}`}
                      data={roleOptions}
                      value={String(u.role_id)}
                      onChange={(v) => void onRole(u, v)}
                      disabled={self || !manageable}
                      title={self ? MSG.ownRoleChange : undefined}
                      allowDeselect={false}
                      size="xs"
                      w={160}
                    />
                  </Table.Td>
                  {wide && (
                    <Table.Td>
                      <StatusBadge user={u} />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Group gap={6}>
                      {manageable ? (
                        <Button
                          size="xs"
                          variant="default"
                          component={Link}
                          to={to('updatePassword', { user_id: u.id })}
                        >
                          Passwort ändern
                        </Button>
                      ) : (
                        // A link cannot be disabled (axe checks its contrast as active text): a disabled button.
                        <Button size="xs" variant="default" disabled>
                          Passwort ändern
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant={u.active ? 'light' : 'default'}
                        color={u.active ? 'red' : undefined}
                        onClick={() => onToggleActive(u)}
                        disabled={self || !manageable}
                        title={self ? MSG.selfBlock : undefined}
                      >
                        {u.active ? 'Sperren' : 'Aktivieren'}
                      </Button>
                      <Button size="xs" variant="light" onClick={() => setFunctionsFor(u)}>
                        Funktionen
                      </Button>
                      <Button size="xs" variant="light" onClick={() => setProfileFor(u)} disabled={!manageable}>
                        Daten
                      </Button>
                      {mayReset && withTwoFactor.has(u.id) && (
                        <TwoFactorResetButton staffId={staffId} user={u} disabled={self || !manageable} />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {functionsFor && (
        <UserFunctionsModal
          staffId={staffId}
          user={functionsFor}
          readOnly={!mayManage(functionsFor)}
          onClose={() => setFunctionsFor(null)}
        />
      )}
      {profileFor && <UserProfileModal staffId={staffId} user={profileFor} onClose={() => setProfileFor(null)} />}
    </>
  );
}

/** The name, editable inline (pencil, then save with Enter or the button, Escape cancels). */
function NameCell({
  user,
  staffId,
  editable,
  withStatus,
}: {
  user: User;
  staffId: number;
  editable: boolean;
  withStatus: boolean;
}) {
  const rename = useRenameUser(staffId);
  const [draft, setDraft] = useState<string | null>(null);
  const save = async () => {
    if (draft === null) return;
    if (!draft.trim()) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: MSG.nameRequired });
      return;
    }
    try {
      const r = await rename.mutateAsync({ userId: user.id, newName: draft.trim() });
      notifications.show({ color: 'green', message: r.message });
      setDraft(null);
    } catch (e) {
      notifications.show({ color: 'red', title: MSG.errorTitle, message: errorText(e) });
    }
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') void save();
    if (e.key === 'Escape') setDraft(null);
  };
  if (draft !== null) {
    return (
      <Group gap={4} wrap="nowrap">
        <TextInput
          aria-label={`Neuer Name für ${user.name}`}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={onKey}
          size="xs"
          autoFocus
        />
        <Button size="xs" onClick={() => void save()} loading={rename.isPending}>
          Speichern
        </Button>
        <Button size="xs" variant="default" onClick={() => setDraft(null)}>
          Abbrechen
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm">{user.name}</Text>
        {/* Below xl the status column is gone: the state stands beside the name, the actions keep one line. */}
        {withStatus && <StatusBadge user={user} />}
        {editable && (
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Namen von ${user.name} bearbeiten`}
            onClick={() => setDraft(user.name)}
          >
            <span aria-hidden="true">✎</span>
          </ActionIcon>
        )}
      </Group>
      {/* Below xl the e-mail column is hidden: the address under the name tells two namesakes apart. */}
      <Text size="xs" c="dimmed" hiddenFrom="xl">
        <BreakableEmail email={user.email} />
      </Text>
    </Stack>
  );
}

/** An address that may break after the '@' only, not mid-word: 'mitarbeiter.x@demo.exampl|e' read badly. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function StatusBadge({ user }: { user: User }) {
  return (
    <Badge color={user.active ? 'blue' : 'red'} variant="light">
      {user.active ? 'aktiv' : 'gesperrt'}
    </Badge>
  );
}
