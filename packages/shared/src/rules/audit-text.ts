import { AUDIT_ACTIONS, AUDIT_ENTITY_LABELS } from './audit-actions';
import {
  type AuditField,
  type AuditLookupKind,
  type AuditLookups,
  type AuditTextContext,
  auditField,
  fieldRank,
  HIDDEN,
} from './audit-fields';

export type { AuditLookupKind, AuditLookups, AuditTextContext };

/**
 * Audit rows (entity, action, before, after) in German words for the
 * "Verlauf" of an appointment, the audit list and its CSV: what happened and
 * the change from before to after, never a stored field name or code. The
 * server renders them (it knows the names the ids point at); screens and CSV
 * show the same text.
 */

/** The kinds of change the audit list filters by; each names the rows it covers. */
export const AUDIT_KINDS = [
  { id: 'result', label: 'Ergebnis', entities: ['appointment'], actions: ['result'] },
  { id: 'status', label: 'Status', entities: ['appointment'], actions: ['status'] },
  {
    id: 'payment_classification',
    label: 'Zahlungsklassifikation',
    entities: ['appointment'],
    actions: ['payment_classification'],
  },
  { id: 'check_in', label: 'Check-in', entities: ['appointment'], actions: ['check_in'] },
  {
    id: 'appointment',
    label: 'Termin (sonstige Änderungen)',
    entities: ['appointment'],
    notActions: ['result', 'status', 'payment_classification', 'check_in'],
  },
  { id: 'user', label: 'Benutzer, Rolle und Zugang', entities: ['user'] },
  {
    id: 'centre',
    label: 'Zentrum und Einstellungen',
    entities: ['centre', 'centre_settings', 'demis_certificate', 'platform'],
  },
  { id: 'customer', label: 'Kunden und Gruppen', entities: ['customer', 'institution'] },
  { id: 'receipt', label: 'Quittungen', entities: ['receipt'] },
  { id: 'pcr_lab', label: 'PCR-Labore', entities: ['pcr_lab'] },
  {
    id: 'pharma',
    label: 'Apotheke (Verordnungen, Abgaben, Produkte)',
    entities: ['pharma_rx', 'pharma_usage', 'pharma_document', 'pharma_product'],
  },
] as const satisfies readonly {
  id: string;
  label: string;
  entities: readonly string[];
  actions?: readonly string[];
  notActions?: readonly string[];
}[];

export type AuditKind = (typeof AUDIT_KINDS)[number]['id'];
export const AUDIT_KIND_IDS = AUDIT_KINDS.map((k) => k.id) as [AuditKind, ...AuditKind[]];

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export interface AuditRowLike {
  entity: string;
  action: string;
  before?: unknown;
  after?: unknown;
  /** Who made the change (the list's join), for sentences that name them. */
  user_name?: string | null;
}

/** The kind of change an audit row belongs to (the list's filter). */
export function auditKindOf(row: Pick<AuditRowLike, 'entity' | 'action'>): AuditKind | null {
  for (const k of AUDIT_KINDS) {
    if (!(k.entities as readonly string[]).includes(row.entity)) continue;
    if ('actions' in k && !(k.actions as readonly string[]).includes(row.action)) continue;
    if ('notActions' in k && (k.notActions as readonly string[]).includes(row.action)) continue;
    return k.id;
  }
  return null;
}

/** What happened, in German ('Status geändert', 'ID übernommen von Paula Plattform (plattform@demo.example)'). */
export function auditWhat(row: Pick<AuditRowLike, 'entity' | 'action' | 'after' | 'user_name'>): string {
  const actions = (AUDIT_ACTIONS as Record<string, Record<string, string>>)[row.entity];
  const sentence = actions && Object.hasOwn(actions, row.action) ? actions[row.action] : undefined;
  if (!sentence) return `${(AUDIT_ENTITY_LABELS as Record<string, string>)[row.entity] ?? 'Eintrag'} geändert`;
  if (row.entity === 'centre' && row.action === 'adopt') {
    const email = asRecord(row.after).email;
    const who = [row.user_name, typeof email === 'string' && email ? `(${email})` : ''].filter(Boolean).join(' ');
    return who ? `${sentence} von ${who}` : sentence;
  }
  return sentence;
}

/** One named field of a change: its label, the values before and after as people read them. */
export interface AuditChangePart {
  label: string;
  before?: string;
  after?: string;
  /** A value a person typed (name, note): not a code. */
  free: boolean;
}

/**
 * The change field by field, in a fixed order, without what stayed the same
 * and without internal ids; `unnamed`: fields with no German name (counted,
 * never named).
 */
export function auditChangeParts(row: AuditRowLike, ctx: AuditTextContext = {}) {
  const before = asRecord(row.before);
  const after = asRecord(row.after);
  const removed = row.after === null || row.after === undefined;
  const rank = fieldRank(row.entity);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((x, y) => rank(x) - rank(y));
  const parts: AuditChangePart[] = [];
  let unnamed = 0;
  for (const key of keys) {
    const entry = auditField(row.entity, key);
    if (entry === HIDDEN) continue;
    if (!entry) {
      unnamed++;
      continue;
    }
    const f: AuditField = entry;
    const hasBefore = key in before;
    const hasAfter = key in after;
    const b = f.format(before[key], ctx);
    const a = f.format(after[key], ctx);
    const free = !!f.free;
    // what stayed the same (e.g. 'checked by' when only the classification changed) is no change
    if (hasBefore && hasAfter && b === a) continue;
    if (hasBefore && hasAfter) parts.push({ label: f.label, before: b, after: a, free });
    else if (hasAfter) parts.push({ label: f.label, after: a, free });
    // a deleted row: what it held; else a field the change took away
    else if (removed) parts.push({ label: f.label, before: b, free });
    else parts.push({ label: f.label, before: b, after: 'entfernt', free });
  }
  return { parts, unnamed };
}

/**
 * The change in German: 'Status: bestätigt → storniert; Grund: vom Kunden storniert'.
 * Fields with no German name are counted, not named ('2 weitere Angaben').
 */
export function auditChange(row: AuditRowLike, ctx: AuditTextContext = {}): string {
  const { parts, unnamed } = auditChangeParts(row, ctx);
  const lines = parts.map((p) =>
    p.before !== undefined && p.after !== undefined
      ? `${p.label}: ${p.before} → ${p.after}`
      : `${p.label}: ${p.after ?? p.before}`,
  );
  if (unnamed > 0) lines.push(unnamed === 1 ? '1 weitere Angabe' : `${unnamed} weitere Angaben`);
  return lines.join('; ');
}

/** Both at once: the row as one German line. */
export function describeAudit(row: AuditRowLike, ctx: AuditTextContext = {}) {
  return { what: auditWhat(row), change: auditChange(row, ctx), kind: auditKindOf(row) };
}

/** The ids of each kind the rows' values point at: what the server looks up before it renders them. */
export function auditLookupIds(rows: AuditRowLike[]): Record<AuditLookupKind, Set<number>> {
  const ids: Record<AuditLookupKind, Set<number>> = {
    class: new Set(),
    service: new Set(),
    lab: new Set(),
    group: new Set(),
    customer: new Set(),
    appointment: new Set(),
  };
  for (const row of rows) {
    for (const values of [asRecord(row.before), asRecord(row.after)]) {
      for (const [key, value] of Object.entries(values)) {
        const entry = auditField(row.entity, key);
        if (!entry || entry === HIDDEN || !entry.lookup) continue;
        for (const v of Array.isArray(value) ? value : [value]) {
          const n = Number(v);
          if (v !== null && v !== '' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647) ids[entry.lookup].add(n);
        }
      }
    }
  }
  return ids;
}
