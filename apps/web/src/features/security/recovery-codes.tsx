import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../ui/format';

/** Mantine's yellow title is too faint on its background (axe: colour contrast). */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/**
 * The ten recovery codes, shown once right after the set-up (the server keeps only their hashes), with
 * a text file to keep them in.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const download = () => {
    const text = [
      'Wiederherstellungscodes – Testzentrum Backoffice',
      `Zugang: ${email}`,
      `Erstellt: ${formatDateTime(new Date())}`,
      '',
      'Jeder Code gilt einmal, anstelle des Codes aus der Authenticator-App.',
      '',
      ...codes,
      '',
    ].join('\r\n');
    const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = href;
    a.download = 'wiederherstellungscodes.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  return (
    <Stack>
      <Alert color="yellow" title="Wiederherstellungscodes sichern" styles={READABLE_TITLE}>
        Mit diesen Codes melden Sie sich an, wenn Ihr Telefon nicht zur Hand ist. Jeder Code gilt einmal. Sie werden nur
        jetzt angezeigt: Laden Sie sie herunter oder drucken Sie sie aus und bewahren Sie sie sicher auf.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Wiederherstellungscodes" p={0} m={0}>
        {codes.map((c) => (
          <Text component="li" key={c} style={{ listStyle: 'none' }}>
            <Code fz="md">{c}</Code>
          </Text>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="default" onClick={download}>
          Als Textdatei herunterladen
        </Button>
        <Button onClick={onDone}>Codes gesichert, weiter</Button>
      </Group>
    </Stack>
  );
}
