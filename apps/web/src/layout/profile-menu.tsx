import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { logoutAndReload } from '../features/auth/logout';
import { to } from '../routes';
import type { ReachedProps } from '../ui/deferred';
import { ProfileButton, type ProfileMenuProps } from './profile-button';

/** The header's profile menu, drawn when its button is first clicked (app-layout.tsx): already open. */
export function ProfileMenu({ name, email, reachedBy }: ProfileMenuProps & ReachedProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={reachedBy === 'open'}>
      <Menu.Target>
        <ProfileButton name={name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <Menu.Item component={Link} to={to('myAccess')}>
          Mein Zugang
        </Menu.Item>
        <Menu.Item onClick={() => void logoutAndReload()}>Abmelden</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
