import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MISSING_FIELD, useGermanZodMessages } from './zod-german';

describe('German zod messages', () => {
  it('name a missing field without JavaScript words and keep the German locale for the rest', () => {
    useGermanZodMessages();
    const r = z.object({ a: z.string(), b: z.number() }).safeParse({ b: 'x' });
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages[0]).toBe(MISSING_FIELD);
    expect(messages[1]).toMatch(/Ungültige Eingabe/);
    expect(messages.join(' ')).not.toMatch(/undefined/);
  });
});
