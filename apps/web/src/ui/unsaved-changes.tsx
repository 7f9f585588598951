import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Warns before leaving a form with unsaved changes: a question inside the app
 * (another screen; `samePage` paths, e.g. the form's own focus parameter, pass),
 * the browser's own when the tab is closed or reloaded. Render the returned element.
 */
export function useUnsavedChangesGuard(dirty: boolean, samePage: (pathname: string) => boolean = () => false) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !samePage(nextLocation.pathname),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Ungespeicherte Änderungen"
      centered
    >
      <Text mb="md">Ihre Änderungen sind noch nicht gespeichert. Möchten Sie die Seite trotzdem verlassen?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Weiter bearbeiten
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Verwerfen und verlassen
        </Button>
      </Group>
    </Modal>
  );
}
