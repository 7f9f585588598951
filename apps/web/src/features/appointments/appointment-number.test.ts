import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The appointment number (customer_appointment_id) is shown with only its
 * last 6 digits (core-workflow §3), through displayCustomerAppointmentId on
 * every screen. The screens cannot be rendered here (modals live in portals),
 * so this reads their source: no screen may put the raw number into text.
 */
const RAW_IN_TEXT = [
  // JSX text: <Text>Nr. {a.customer_appointment_id}</Text>
  /(^|[>\s}])\{\s*[\w.?!]*customer_appointment_id\s*\}/,
  // template literal: `Termin ${a.customer_appointment_id}`
  /\$\{\s*[\w.?!]*customer_appointment_id\s*\}/,
  // a hand-made copy of the rule: String(a.customer_appointment_id).slice(-6)
  /customer_appointment_id\)\.slice\(/,
];
const showsRawNumber = (line: string) => RAW_IN_TEXT.some((re) => re.test(line));

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('appointment number on screen', () => {
  it('recognises the raw number in text, and not its other uses', () => {
    for (const line of [
      '<Text>Vorgangsnummer: {appointment.customer_appointment_id}</Text>',
      '{link.data.first_name} · Termin-Nr. {link.data.customer_appointment_id}',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of source code, as the check reads it
      'const who = `Termin ${a.customer_appointment_id}`;',
      '{String(a.customer_appointment_id).slice(-6)}',
    ]) {
      expect(showsRawNumber(line), line).toBe(true);
    }
    for (const line of [
      'Nr. {displayCustomerAppointmentId(a.customer_appointment_id)}',
      'const res = await invite.mutateAsync(a.customer_appointment_id);',
      'CustomerAppointmentId: a.customer_appointment_id,',
      '<Row key={a.customer_appointment_id} />',
      'customer_appointment_id: number;',
    ]) {
      expect(showsRawNumber(line), line).toBe(false);
    }
  });

  it('is shown through displayCustomerAppointmentId on every screen', () => {
    const offenders = sourceFiles(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (showsRawNumber(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
