import { Button, Group, Modal, Text } from '@mantine/core';

export interface ResultState {
  ok: boolean;
  title: string;
  message: string;
}

/**
 * The result dialog of the opening-hours screens: its OK decides what happens
 * next (after a refusal: the focus goes to the first marked field, not back to the button).
 */
export function ResultModal({ result, onOk }: { result: ResultState | null; onOk: (r: ResultState) => void }) {
  return (
    <Modal opened={!!result} onClose={() => result && onOk(result)} title={result?.title} centered returnFocus={false}>
      <Text role={result?.ok ? 'status' : 'alert'}>{result?.message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => result && onOk(result)}>OK</Button>
      </Group>
    </Modal>
  );
}
