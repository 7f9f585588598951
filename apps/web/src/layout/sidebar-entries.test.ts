import { describe, expect, it } from 'vitest';
import { activeEntry, type SidebarContext, sidebarEntries } from './sidebar-entries';

const host = {
  host: 'localhost',
  brand: 'B',
  logo_url: null,
  api_url: null,
  cert_system_url: null,
  declaration_url: null,
  statistik_url: 'https://s.example',
  faq_url: 'https://f.example',
  instant_booking_url: 'https://i.example',
};
const labels = (c: Partial<SidebarContext>) =>
  sidebarEntries({ roleId: 30, staffId: 2, userId: 9, consumables: false, pcrSidebar: false, host, ...c }).map(
    (e) => e.label,
  );

describe('sidebar', () => {
  it('shows staff (30) only the everyday entries and the own password change', () => {
    expect(labels({ roleId: 30 })).toEqual([
      'Termine',
      'Kunden',
      'Gruppenimport',
      'Passwort ändern',
      'Instant-Booking QR',
      'Neuigkeiten',
      'FAQ',
    ]);
  });
  it('adds configuration, statistics and users for role 25', () => {
    expect(labels({ roleId: 25 })).toEqual([
      'Termine',
      'Kunden',
      'Gruppenimport',
      'Dienstleistungen',
      'Öffnungszeiten',
      'Feiertage',
      'Statistik',
      'Benutzerverwaltung',
      'Passwort ändern',
      'Instant-Booking QR',
      'Neuigkeiten',
      'FAQ',
    ]);
  });
  it('gives role 20 account, export and settings but no password entry', () => {
    const l = labels({ roleId: 20 });
    expect(l).toContain('Testzentrumskonto');
    expect(l).toContain('Export');
    expect(l).toContain('Einstellungen');
    expect(l).toContain('Protokoll');
    expect(l).not.toContain('Passwort ändern');
    expect(l).not.toContain('Centerliste');
  });
  it('gives platform admins the centre list and admin export', () => {
    expect(labels({ roleId: 10 })).toEqual(expect.arrayContaining(['Centerliste', 'Export Admin']));
  });
  it('shows Dauerverordnungen and PCR-Labore only when their feature is on', () => {
    expect(labels({ consumables: true, pcrSidebar: true }).slice(0, 3)).toEqual([
      'Termine',
      'Dauerverordnungen',
      'PCR-Labore',
    ]);
  });
});

describe('the active entry', () => {
  const entries = sidebarEntries({ roleId: 20, staffId: 2, userId: 9, consumables: false, pcrSidebar: false, host });
  const activeOn = (path: string) => activeEntry(entries, path)?.label;

  it("marks only 'Gruppenimport' on the group list, though its path lies under '/customers'", () => {
    expect(entries.filter((e) => e.href === '/customers' || e.href === '/customers/2/InstitutionList')).toHaveLength(2);
    expect(activeOn('/customers/2/InstitutionList')).toBe('Gruppenimport');
  });

  it("marks 'Gruppenimport' on a group's page and its import screen, 'Kunden' on the customer screens", () => {
    expect(activeOn('/institution/institutionAppointments/2/7')).toBe('Gruppenimport');
    expect(activeOn('/customers/2/ImportCustomer/7')).toBe('Gruppenimport');
    expect(activeOn('/customers')).toBe('Kunden');
    expect(activeOn('/customers/2/create-appointment')).toBe('Kunden');
    expect(activeOn('/appointments')).toBe('Termine');
    expect(activeOn('/nirgends')).toBeUndefined();
  });
});
