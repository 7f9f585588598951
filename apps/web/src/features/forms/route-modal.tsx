import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { to } from '../../routes';

/** Back to the appointments list under the modal, keeping its filters in the query string. */
export function useBackToAppointments() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => navigate({ pathname: to('appointments'), search: location.search });
}

/** A child route of appointments shown as a modal over the list; closing returns to the list. */
export function RouteModal({
  title,
  children,
  size = 'lg',
}: {
  title: ReactNode;
  children: ReactNode;
  size?: ModalProps['size'];
}) {
  const back = useBackToAppointments();
  return (
    <Modal opened onClose={back} title={title} size={size} closeButtonProps={{ 'aria-label': 'Schließen' }}>
      {children}
    </Modal>
  );
}
