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
}

/**
 * The sidebar of core-workflow §2, entry by entry. An internal entry shows only
 * when its route is open to the role (the router's guard reads the same table),
 * plus the entry's own condition (a feature, or 'role above 20' for the own password).
 */
export function sidebarEntries(c: SidebarContext): SidebarEntry[] {
  const r = c.roleId;
  const link = (label: string, route: RouteName, params: Record<string, number> = {}, when = true) =>
    when && mayOpen(route, r) && { label, href: to(route, params), route };
  const entries: (SidebarEntry | false)[] = [
    link('Termine', 'appointments'),
    link('Dauerverordnungen', 'pharma', {}, c.consumables),
    link('PCR-Labore', 'pcrLabs', {}, c.pcrSidebar),
    link('Kunden', 'customers'),
    link('Gruppenimport', 'InstitutionList', { id: c.staffId }),
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
