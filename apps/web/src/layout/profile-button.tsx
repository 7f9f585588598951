import { Text, UnstyledButton } from '@mantine/core';
import { forwardRef } from 'react';

export interface ProfileMenuProps {
  name: string;
  email: string;
}

/** The signed-in person's name in the header: the profile menu's button (profile-menu.tsx). */
export const ProfileButton = forwardRef<HTMLButtonElement, { name: string } & React.ComponentProps<'button'>>(
  function ProfileButton({ name, ...props }, ref) {
    return (
      <UnstyledButton ref={ref} aria-label={`Profilmenü ${name}`} {...props}>
        <Text size="sm" fw={500}>
          {name}
        </Text>
      </UnstyledButton>
    );
  },
);
