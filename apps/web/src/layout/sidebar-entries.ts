import { ROLE } from '@tz/shared/constants';
import type { HostBranding } from '@tz/shared/platform/platform.contract';
import { mayOpen } from '../route-access';
import { type RouteName, to } from '../routes';

export interface SidebarContext {
  roleId: number;
  staffId: number;
  userId: number;
  consumables: boolean;
  pcrSidebar: boolean;
  host: HostBranding | undefined;
}

export interface SidebarEntry {
  label: string;
  href: string;
  external?: boolean;
  /** The route the entry opens (internal entries); its role condition is the route's (route-access.ts). */
  route?: RouteName;
  /** Paths of further screens the entry leads to (prefixes), where it is marked active too. */
  within?: string[];
}

/**
 * The sidebar of core-workflow §2, entry by entry. An internal entry shows only
 * when its route is open to the role (the router's guard reads the same table),
 * plus the entry's own condition (a feature, or 'role above 20' for the own password).
 */
export function sidebarEntries(c: SidebarContext): SidebarEntry[] {
  const r = c.roleId;
  const link = (
    label: string,
    route: RouteName,
    params: Record<string, number> = {},
    when = true,
    within?: string[],
  ): SidebarEntry | false =>
    when && mayOpen(route, r) && { label, href: to(route, params), route, ...(within ? { within } : {}) };
  const entries: (SidebarEntry | false)[] = [
    link('Termine', 'appointments'),
    link('Dauerverordnungen', 'pharma', {}, c.consumables),
    link('PCR-Labore', 'pcrLabs', {}, c.pcrSidebar),
    link('Kunden', 'customers'),
    // a group's page and its import screen are reached from the group list
    link('Gruppenimport', 'InstitutionList', { id: c.staffId }, true, [
      '/institution/',
      `/customers/${c.staffId}/ImportCustomer/`,
    ]),
    link('Dienstleistungen', 'products', { id: c.staffId }),
    link('Öffnungszeiten', 'openingHours', { id: c.staffId }),
    link('Feiertage', 'holidays', { id: c.staffId }),
    link('Testzentrumskonto', 'account', { id: c.staffId }),
    link('Export', 'exports'),
    link('Einstellungen', 'settings'),
    link('Protokoll', 'audit'),
    // external: no route to guard; the statistics belong to role 25 or lower
    r <= ROLE.manager && !!c.host?.statistik_url && { label: 'Statistik', href: c.host.statistik_url, external: true },
    link('Benutzerverwaltung', 'users', { id: c.staffId }),
    // administrators change passwords in the user list; the entry is for role above 20
    link('Passwort ändern', 'updatePassword', { user_id: c.userId }, r > ROLE.admin),
    !!c.host?.instant_booking_url && { label: 'Instant-Booking QR', href: c.host.instant_booking_url, external: true },
    link('Neuigkeiten', 'news'),
    !!c.host?.faq_url && { label: 'FAQ', href: c.host.faq_url, external: true },
    link('Centerliste', 'listTestcenters'),
    link('Export Admin', 'adminExports'),
  ];
  return entries.filter((e): e is SidebarEntry => !!e);
}

/**
 * The one entry marked active on a path: the entry whose own path, or the path
 * of one of its screens, matches longest. The group list's path lies under
 * '/customers', so 'Kunden' matches it too, but only 'Gruppenimport' is marked.
 */
export function activeEntry(entries: SidebarEntry[], pathname: string): SidebarEntry | undefined {
  let best: SidebarEntry | undefined;
  let bestLength = -1;
  for (const e of entries) {
    if (e.external) continue;
    for (const path of [e.href, ...(e.within ?? [])]) {
      const prefix = path.endsWith('/') ? path : `${path}/`;
      const matches = pathname === path || (path !== '/' && pathname.startsWith(prefix));
      if (matches && path.length > bestLength) {
        best = e;
        bestLength = path.length;
      }
    }
  }
  return best;
}
