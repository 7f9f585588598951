import { ROLE } from '@tz/shared/constants';
import type { HostBranding } from '@tz/shared/platform/platform.contract';
import { to } from '../routes';

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
}

/** The sidebar of core-workflow §2, entry by entry, with its condition. */
export function sidebarEntries(c: SidebarContext): SidebarEntry[] {
  const r = c.roleId;
  const entries: (SidebarEntry | false)[] = [
    { label: 'Termine', href: to('appointments') },
    c.consumables && { label: 'Dauerverordnungen', href: to('pharma') },
    c.pcrSidebar && { label: 'PCR-Labore', href: to('pcrLabs') },
    { label: 'Kunden', href: to('customers') },
    { label: 'Gruppenimport', href: to('InstitutionList', { id: c.staffId }) },
    r <= ROLE.manager && { label: 'Dienstleistungen', href: to('products', { id: c.staffId }) },
    r <= ROLE.manager && { label: 'Öffnungszeiten', href: to('openingHours', { id: c.staffId }) },
    r <= ROLE.manager && { label: 'Feiertage', href: to('holidays', { id: c.staffId }) },
    r <= ROLE.admin && { label: 'Testzentrumskonto', href: to('account', { id: c.staffId }) },
    r <= ROLE.admin && { label: 'Export', href: to('exports') },
    r <= ROLE.admin && { label: 'Einstellungen', href: to('settings') },
    r <= ROLE.manager && !!c.host?.statistik_url && { label: 'Statistik', href: c.host.statistik_url, external: true },
    r <= ROLE.manager && { label: 'Benutzerverwaltung', href: to('users', { id: c.staffId }) },
    r > ROLE.admin && { label: 'Passwort ändern', href: to('updatePassword', { user_id: c.userId }) },
    !!c.host?.instant_booking_url && { label: 'Instant-Booking QR', href: c.host.instant_booking_url, external: true },
    { label: 'Neuigkeiten', href: to('news') },
    !!c.host?.faq_url && { label: 'FAQ', href: c.host.faq_url, external: true },
    r <= ROLE.platformAdmin && { label: 'Centerliste', href: to('listTestcenters') },
    r <= ROLE.platformAdmin && { label: 'Export Admin', href: to('adminExports') },
  ];
  return entries.filter((e): e is SidebarEntry => !!e);
}
