import { Button, Group, List, Modal, Text } from '@mantine/core';
import type { DemisReportErrorView } from './demis-report-error';

/** The failed report, in German context: what happened, DEMIS' own reasons, what to do. */
export function DemisReportErrorDialog({ view, onClose }: { view: DemisReportErrorView | null; onClose: () => void }) {
  return (
    <Modal opened={view !== null} onClose={onClose} title={view?.title} centered size="lg">
      {view && (
        <>
          <Text mb="sm">{view.intro}</Text>
          {view.items.length > 0 && (
            <List mb="sm" spacing={4} aria-label="Gründe">
              {view.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          )}
          {view.hint && <Text mb="md">{view.hint}</Text>}
          <Group justify="flex-end">
            <Button onClick={onClose}>Schließen</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
