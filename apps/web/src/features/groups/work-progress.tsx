import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * A long request under way (a 10,000-row import, 10,000 appointments): what
 * runs, for how many, and for how long already. The request is one
 * transaction, so there is no share done to show; the bar moves so nobody
 * takes a busy page for a frozen one.
 */
export function WorkProgress({ label }: { label: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Stack gap={4} maw={480} role="status">
      <Text size="sm">
        {label}
        {seconds >= 1 ? ` (${seconds} s)` : ''}
      </Text>
      <Progress value={100} striped animated aria-label={label} />
    </Stack>
  );
}
