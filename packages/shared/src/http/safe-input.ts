import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Input hardening applied once to every contract's params, query and body
 * (see `endpoint()`), so no field has to remember it:
 * - text refuses NUL and the other control characters (PostgreSQL refuses
 *   0x00 outright; the rest have no place in a name or a number). Text marked
 *   `multiline()` keeps tab, line feed and carriage return.
 * - every integer stays inside the PostgreSQL `integer` column range, the
 *   type of every id and count in the schema; a value beyond it is a 400, not
 *   a driver error.
 * Responses are not touched: what the database holds is shown as it is.
 */

/** PostgreSQL `integer`. */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when the text holds a character no field of this kind accepts. */
export function hasForbiddenControl(text: string, multi = false): boolean {
  return (multi ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

const multilineTexts = new WeakSet<z.ZodType>();

/**
 * Marks a text schema as multi-line (notes, mail signature, form answers):
 * tab and line breaks are allowed there. Call it last in the chain (after
 * `.max()` and the like, before `.nullable()`), because each of those makes a
 * new schema.
 */
export function multiline<T extends z.ZodString>(schema: T): T {
  multilineTexts.add(schema);
  return schema;
}

const hardened = new WeakMap<z.ZodType, z.ZodType>();

/** The same schema with the rules above applied to every text and integer inside it. */
export function hardenInput<T extends z.ZodType | undefined>(schema: T): T {
  if (!schema) return schema;
  return harden(schema) as T;
}

type AnyDef = Record<string, unknown> & { type: string; checks?: unknown[] };

function harden(schema: z.ZodType): z.ZodType {
  const done = hardened.get(schema);
  if (done) return done;
  // A cycle (z.lazy) meets itself: the lazy getter below resolves through this map.
  hardened.set(schema, schema);
  const result = rebuild(schema);
  hardened.set(schema, result);
  hardened.set(result, result);
  const meta = z.globalRegistry.get(schema);
  if (meta && result !== schema) z.globalRegistry.add(result, meta);
  return result;
}

function withDef(schema: z.ZodType, changes: Record<string, unknown>): z.ZodType {
  const def = Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(schema._zod.def), ...descriptorsOf(changes) },
  );
  return schema.clone(def as typeof schema._zod.def);
}

function descriptorsOf(changes: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(changes).map(([k, value]) => [k, { value, enumerable: true, writable: true, configurable: true }]),
  );
}

function rebuild(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as AnyDef;
  switch (def.type) {
    case 'string': {
      const multi = multilineTexts.has(schema);
      return (schema as z.ZodString).refine((v) => typeof v !== 'string' || !hasForbiddenControl(v, multi), {
        message: multi ? MSG.controlCharactersMultiline : MSG.controlCharacters,
        abort: true,
      });
    }
    case 'number': {
      const n = schema as z.ZodNumber;
      if (!n.isInt) return schema;
      const min = n.minValue ?? Number.NEGATIVE_INFINITY;
      const max = n.maxValue ?? Number.POSITIVE_INFINITY;
      let out: z.ZodNumber = n;
      if (min < INT_MIN) out = out.min(INT_MIN, { message: MSG.numberTooSmall });
      if (max > INT_MAX) out = out.max(INT_MAX, { message: MSG.numberTooLarge });
      return out;
    }
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const next: Record<string, z.ZodType> = {};
      let changed = false;
      for (const [k, v] of Object.entries(shape)) {
        next[k] = harden(v);
        if (next[k] !== v) changed = true;
      }
      const catchall = def.catchall as z.ZodType | undefined;
      const nextCatchall = catchall ? harden(catchall) : undefined;
      if (!changed && nextCatchall === catchall) return schema;
      return withDef(schema, { shape: next, catchall: nextCatchall });
    }
    case 'array':
    case 'set':
      return swap(schema, def, ['element', 'valueType']);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
    case 'promise':
      return swap(schema, def, ['innerType']);
    case 'pipe':
      return swap(schema, def, ['in', 'out']);
    case 'intersection':
      return swap(schema, def, ['left', 'right']);
    case 'record':
    case 'map':
      return swap(schema, def, ['keyType', 'valueType']);
    case 'union': {
      const options = def.options as z.ZodType[];
      const next = options.map(harden);
      return next.some((o, i) => o !== options[i]) ? withDef(schema, { options: next }) : schema;
    }
    case 'tuple': {
      const items = def.items as z.ZodType[];
      const next = items.map(harden);
      const rest = def.rest as z.ZodType | null | undefined;
      const nextRest = rest ? harden(rest) : rest;
      return next.some((o, i) => o !== items[i]) || nextRest !== rest
        ? withDef(schema, { items: next, rest: nextRest })
        : schema;
    }
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      return withDef(schema, { getter: () => harden(getter()) });
    }
    default:
      // enums, literals, booleans, dates, files, transforms, any/unknown: nothing typed as text or integer inside
      return schema;
  }
}

function swap(schema: z.ZodType, def: AnyDef, keys: string[]): z.ZodType {
  const changes: Record<string, unknown> = {};
  for (const k of keys) {
    const inner = def[k] as z.ZodType | undefined;
    if (!inner || typeof inner !== 'object' || !('_zod' in inner)) continue;
    const next = harden(inner);
    if (next !== inner) changes[k] = next;
  }
  return Object.keys(changes).length ? withDef(schema, changes) : schema;
}
