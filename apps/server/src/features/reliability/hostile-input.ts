import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from a route's zod schemas, mixing values
 * that fit with hostile ones: wrong types, sizes past the bounds, unicode with
 * NUL and control characters, integers past the column, dates like 30.02.,
 * times like 24:60, deep nesting and prototype keys. Used by the hostile-input
 * suite; knows nothing of any particular route.
 */

/** Values that a field of this kind could plausibly hold, so some cases get past validation. */
const PLAUSIBLE_STRINGS = [
  '',
  '1',
  'Erika',
  'Müller-Lüdenscheidt',
  'test@example.org',
  '2026-06-16',
  '16.06.2026',
  '10:00',
  '2026-06-16T10:00:00+02:00',
  '2026-06',
  'all',
  'DE89370400440532013000',
];

/** Strings that have broken servers before. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  'Zeile\nZeile',
  '\r\n',
  '\ud800',
  '\ufeff',
  '\u202e',
  '😀'.repeat(50),
  '30.02.2026',
  '2026-02-30',
  '31.04.2026',
  '24:60',
  '25:00',
  '23:59:60',
  '2026-02-30T24:60:00Z',
  '0000-00-00',
  '9999-12-31',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  "'; drop table customers; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  ' ',
];

const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e308,
  [],
  {},
  [[[]]],
  { valueOf: 1, toString: 1 },
  '',
];

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

export const wrongType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.constant(deep(200)) },
  { weight: 1, arbitrary: fc.string() },
);

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => s._zod.def as unknown as Def;

/** Mostly fitting values with hostile ones mixed in, for one schema. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  // mostly fitting, so that some cases get past validation into the services
  const mix = (fitting: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 12, arbitrary: fitting }, { weight: 1, arbitrary: wrongType });
  if (depth > 6) return wrongType;
  switch (def.type) {
    case 'string': {
      const max = (schema as z.ZodString).maxLength;
      const arbs: fc.WeightedArbitrary<unknown>[] = [
        { weight: 6, arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS) },
        { weight: 2, arbitrary: fc.string({ maxLength: Math.min(max ?? 30, 30) }) },
        { weight: 2, arbitrary: hostileString },
      ];
      if (max !== null && max !== undefined && max < 20_000) {
        arbs.push({ weight: 1, arbitrary: fc.constant('x'.repeat(max + 1)) });
      }
      return mix(fc.oneof(...arbs));
    }
    case 'number': {
      const n = schema as z.ZodNumber;
      const lo = Number.isFinite(n.minValue) ? Math.max(n.minValue!, -(2 ** 31)) : -(2 ** 31);
      const hi = Number.isFinite(n.maxValue) ? Math.min(n.maxValue!, 2 ** 31 - 1) : 2 ** 31 - 1;
      const fitting = n.isInt
        ? fc.oneof(fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }), fc.constantFrom(0, 1, 2, 987654))
        : fc.oneof(fc.double({ min: lo, max: hi, noNaN: true }), fc.constantFrom(0, 0.1, 1));
      const beyond = fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308, 0.5, -0, '12', 'zwölf');
      return mix(fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 2, arbitrary: beyond }));
    }
    case 'boolean':
      return mix(fc.oneof(fc.boolean(), fc.constantFrom('true', 1, 0)));
    case 'enum':
      return mix(
        fc.oneof(fc.constantFrom(...Object.values(def.entries as Record<string, string | number>)), hostileString),
      );
    case 'literal':
      return mix(fc.constantFrom(...(def.values as unknown[])));
    case 'date':
      return mix(fc.constantFrom('2026-06-16', '2026-02-30', 'gestern'));
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]));
      const record = fc.record(fields, { requiredKeys: Object.keys(shape) });
      const sparse = fc.record(fields, { requiredKeys: [] });
      const extra = fc.tuple(
        record,
        fc.dictionary(fc.constantFrom('x', 'staffId', 'toString', 'hasOwnProperty'), wrongType),
      );
      return fc.oneof(
        { weight: 6, arbitrary: record },
        { weight: 2, arbitrary: sparse },
        { weight: 1, arbitrary: extra.map(([a, b]) => ({ ...a, ...b })) },
        { weight: 1, arbitrary: wrongType },
      );
    }
    case 'array':
      return mix(
        fc.oneof(
          { weight: 4, arbitrary: fc.array(arbitraryFor(def.element as z.ZodType, depth + 1), { maxLength: 3 }) },
          {
            weight: 1,
            arbitrary: fc.array(arbitraryFor(def.element as z.ZodType, depth + 1), { minLength: 50, maxLength: 60 }),
          },
        ),
      );
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(
        { weight: 4, arbitrary: arbitraryFor(def.innerType as z.ZodType, depth) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
    case 'nullable':
      return fc.oneof(
        { weight: 4, arbitrary: arbitraryFor(def.innerType as z.ZodType, depth) },
        { weight: 1, arbitrary: fc.constant(null) },
      );
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return arbitraryFor(def.innerType as z.ZodType, depth);
    case 'pipe': {
      const input = def.in as z.ZodType;
      // z.preprocess: the input side is a transform that takes anything; generate for the output side
      return defOf(input).type === 'transform' ? arbitraryFor(def.out as z.ZodType, depth) : arbitraryFor(input, depth);
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryFor(o, depth + 1)));
    case 'intersection':
      return arbitraryFor(def.left as z.ZodType, depth + 1);
    case 'record':
      return mix(
        fc.dictionary(fc.string({ maxLength: 10 }), arbitraryFor(def.valueType as z.ZodType, depth + 1), {
          maxKeys: 3,
        }),
      );
    case 'tuple':
      return mix(fc.tuple(...(def.items as z.ZodType[]).map((i) => arbitraryFor(i, depth + 1))));
    case 'lazy':
      return arbitraryFor((def.getter as () => z.ZodType)(), depth + 1);
    default:
      return fc.oneof(fc.jsonValue({ maxDepth: 3 }), wrongType);
  }
}

/** A value as it travels in a path segment or a query string. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
