import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { login } from '../auth/auth.contract';
import { submitCheckInForm } from '../forms/forms.contract';
import { endpoint } from './endpoint';
import { hardenInput, hasForbiddenControl, INT_MAX, INT_MIN, multiline } from './safe-input';

describe('input hardening', () => {
  it('refuses NUL and other control characters in single-line text, also nested and optional', () => {
    const s = hardenInput(
      z.object({ name: z.string().max(50), list: z.array(z.object({ v: z.string().nullish() })).optional() }),
    );
    expect(s.safeParse({ name: 'Erika Müller\t' }).success).toBe(false);
    expect(s.safeParse({ name: 'a\u0000b' }).success).toBe(false);
    expect(s.safeParse({ name: 'a\nb' }).success).toBe(false);
    expect(s.safeParse({ name: 'a\u007fb' }).success).toBe(false);
    expect(s.safeParse({ name: 'ok', list: [{ v: 'x\u0000' }] }).success).toBe(false);
    expect(s.safeParse({ name: 'Émile „Ü“ 😀', list: [{ v: null }] }).success).toBe(true);
  });

  it('keeps tab and line breaks in multi-line text, but not NUL', () => {
    const s = hardenInput(z.object({ notes: multiline(z.string().max(2000)).nullish() }));
    expect(s.safeParse({ notes: 'Zeile 1\r\nZeile 2\tEnde' }).success).toBe(true);
    expect(s.safeParse({ notes: 'a\u0000' }).success).toBe(false);
    expect(s.safeParse({ notes: 'a\u001b[31m' }).success).toBe(false);
  });

  it('bounds every integer to the integer column, keeping tighter bounds and coercion', () => {
    const s = hardenInput(
      z.object({ id: z.coerce.number().int().positive(), n: z.number().int(), small: z.number().int().max(5) }),
    );
    expect(s.safeParse({ id: String(INT_MAX), n: INT_MIN, small: 5 }).success).toBe(true);
    expect(s.safeParse({ id: String(INT_MAX + 1), n: 0, small: 1 }).success).toBe(false);
    expect(s.safeParse({ id: '1', n: INT_MIN - 1, small: 1 }).success).toBe(false);
    expect(s.safeParse({ id: '1', n: 0, small: 6 }).success).toBe(false);
    expect(s.safeParse({ id: '1', n: 2 ** 53, small: 1 }).success).toBe(false);
  });

  it('reaches into unions, records, tuples, pipes, defaults and lazy schemas', () => {
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    const s = hardenInput(
      z.object({
        u: z.union([z.string(), z.number().int()]).optional(),
        r: z.record(z.string(), z.number().int()).optional(),
        t: z.tuple([z.string()]).optional(),
        p: z.preprocess((v) => v, z.string()).optional(),
        d: z.string().default('x'),
        tree: tree.optional(),
      }),
    );
    expect(s.safeParse({ u: 'a\u0000' }).success).toBe(false);
    expect(s.safeParse({ u: 2 ** 40 }).success).toBe(false);
    expect(s.safeParse({ r: { a: 2 ** 40 } }).success).toBe(false);
    expect(s.safeParse({ t: ['\u0000'] }).success).toBe(false);
    expect(s.safeParse({ p: '\u0000' }).success).toBe(false);
    expect(s.safeParse({ tree: { name: 'a', children: [{ name: 'b\u0000', children: [] }] } }).success).toBe(false);
    expect(s.safeParse({ tree: { name: 'a', children: [{ name: 'b', children: [] }] } }).success).toBe(true);
  });

  it('leaves the original schema untouched (responses show stored data as it is)', () => {
    const original = z.object({ name: z.string() });
    hardenInput(original);
    expect(original.safeParse({ name: 'a\nb' }).success).toBe(true);
  });

  it('is applied by endpoint() to params, query and body of every contract', () => {
    const e = endpoint({
      method: 'POST',
      path: '/x/:id',
      access: { public: true },
      summary: 'x',
      params: z.object({ id: z.coerce.number().int() }),
      query: z.object({ q: z.string() }),
      body: z.object({ b: z.string() }),
      response: z.object({ out: z.string() }),
    });
    expect(e.params!.safeParse({ id: '4294967296' }).success).toBe(false);
    expect(e.query!.safeParse({ q: '\u0000' }).success).toBe(false);
    expect(e.body!.safeParse({ b: '\u0000' }).success).toBe(false);
    expect(e.response.safeParse({ out: 'a\nb' }).success).toBe(true);
  });

  it('protects the real contracts: the anonymous login and the form answers', () => {
    expect(login.body!.safeParse({ email: 'a\u0000@example.org', password: 'x' }).success).toBe(false);
    expect(login.body!.safeParse({ email: 'a@example.org', password: 'x\u0000' }).success).toBe(false);
    const answer = (answer: string) =>
      submitCheckInForm.body!.safeParse({ jwt: 'x', answers: [{ questionID: 1, answer }] });
    expect(answer('Zeile 1\nZeile 2').success).toBe(true);
    expect(answer('a\u0000').success).toBe(false);
  });

  it('names what it refuses', () => {
    expect(hasForbiddenControl('a\tb')).toBe(true);
    expect(hasForbiddenControl('a\tb', true)).toBe(false);
    expect(hasForbiddenControl('\u2028')).toBe(false);
  });
});
