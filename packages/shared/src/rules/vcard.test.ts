import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { normaliseLineBreaks, parseCwaVCard, splitComponents, VCARD_REQUIRED } from './vcard';

// Written from reference/integrations.md (the apps' VCard.kt / QRCodeCellViewModel.swift and their tests).
const ANDROID = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Groß;Jürgen;;;',
  'FN:Jürgen Groß',
  'BDAY:19620308',
  'EMAIL;TYPE=home:juergen.gross@example.org',
  'TEL;TYPE="cell,home":03443 123456',
  'ADR;TYPE=home:;;Merseburger Straße 14;Weißenfels;;06667',
  'REV:20211201T163005Z',
  'END:VCARD',
].join('\n');

const IOS_CURRENT = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Müller;Anna-Lena;;;',
  'FN:Anna-Lena Müller',
  'BDAY:19900101',
  'EMAIL;TYPE=home:anna@example.org',
  'TEL;TYPE="cell,home":0170 1234567',
  'ADR;TYPE=home:;;Hauptstraße 1;Köln;;50667;',
  'REV:20211201T140509Z',
  'END:VCARD',
].join('\n');

// iOS 2.2: lowercase type=, backslashes not escaped, REV on a 12-hour clock (14:05 UTC as T020509Z).
const IOS_OLD = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Becker;Thomas;;;',
  'FN:Thomas Becker',
  'BDAY:19751224',
  'EMAIL;type=home:thomas.becker@example.org',
  'TEL;type="cell,home":030 555',
  'ADR;type=home:;;Mu\\ster\\;stra\\,sse 14;Berlin;;10115;',
  'REV:20211201T020509Z',
  'END:VCARD',
].join('\n');

const SAMPLES = { ANDROID, IOS_CURRENT, IOS_OLD };

describe('CWA profile vCard', () => {
  it('reads the Android profile with umlauts and ß intact', () => {
    const r = parseCwaVCard(ANDROID);
    expect(r.ok && r.person).toEqual({
      firstName: 'Jürgen',
      lastName: 'Groß',
      email: 'juergen.gross@example.org',
      phone: '03443 123456',
      address: { street: 'Merseburger Straße 14', city: 'Weißenfels', postcode: '06667' },
      birthday: '19620308',
    });
  });

  it('reads the current iOS profile with the trailing ; after the postcode', () => {
    const r = parseCwaVCard(IOS_CURRENT);
    expect(r.ok && r.person.address).toEqual({ street: 'Hauptstraße 1', city: 'Köln', postcode: '50667' });
    expect(r.ok && r.person.firstName).toBe('Anna-Lena');
  });

  it('reads the older iOS profile: lowercase type=, unescaped backslash, 12-hour REV', () => {
    const r = parseCwaVCard(IOS_OLD);
    expect(r.ok && r.person.email).toBe('thomas.becker@example.org');
    expect(r.ok && r.person.phone).toBe('030 555');
    expect(r.ok && r.person.address.street).toBe('Mu\\ster;stra,sse 14');
    expect(r.ok && r.person.birthday).toBe('19751224');
  });

  it('un-escapes \\\\, \\; and \\, as the apps escape them', () => {
    const card = ANDROID.replace('Merseburger Straße 14', 'Mu\\\\ster\\;stra\\,sse 14');
    const r = parseCwaVCard(card);
    expect(r.ok && r.person.address.street).toBe('Mu\\ster;stra,sse 14');
    expect(splitComponents('a\\;b;c\\,d\\\\')).toEqual(['a;b', 'c,d\\']);
  });

  it.each(Object.entries(SAMPLES))('reads %s the same with LF, CR or CRLF line breaks', (_name, card) => {
    const lf = parseCwaVCard(card);
    expect(lf.ok).toBe(true);
    expect(parseCwaVCard(card.replace(/\n/g, '\r\n'))).toEqual(lf);
    expect(parseCwaVCard(card.replace(/\n/g, '\r'))).toEqual(lf);
  });

  it('normalises every line break to CRLF', () => {
    expect(normaliseLineBreaks('a\nb\rc\r\nd')).toBe('a\r\nb\r\nc\r\nd');
  });

  it('refuses empty and non-text input with the empty-input error', () => {
    for (const input of ['', '   \n ', null, undefined, 42, {}, ['BEGIN:VCARD']]) {
      const r = parseCwaVCard(input);
      expect(r).toMatchObject({ ok: false, code: 'empty', message: MSG.scanEmpty });
    }
  });

  it('refuses text that is not a vCard', () => {
    expect(parseCwaVCard('Hallo Welt')).toMatchObject({ ok: false, code: 'notProfile' });
  });

  it('lists the missing properties for every combination of missing ones', () => {
    const lines = ANDROID.split('\n');
    for (let mask = 1; mask < 1 << VCARD_REQUIRED.length; mask++) {
      const gone = VCARD_REQUIRED.filter((_, i) => mask & (1 << i));
      const card = lines.filter((l) => !gone.some((p) => l.startsWith(`${p}:`) || l.startsWith(`${p};`))).join('\n');
      const r = parseCwaVCard(card);
      expect(r.ok).toBe(false);
      if (!r.ok && r.code === 'missing') {
        expect(r.missing).toEqual(gone);
        expect(r.message).toContain(gone.join(', '));
      } else throw new Error(`expected missing ${gone.join(',')}`);
    }
  });

  it('takes a property written with an empty value as present but empty', () => {
    const card = ANDROID.replace('BDAY:19620308', 'BDAY:')
      .replace('EMAIL;TYPE=home:juergen.gross@example.org', 'EMAIL;TYPE=home:')
      .replace('ADR;TYPE=home:;;Merseburger Straße 14;Weißenfels;;06667', 'ADR;TYPE=home:;;;;;');
    const r = parseCwaVCard(card);
    expect(r.ok).toBe(true);
    expect(r.ok && r.person).toMatchObject({
      birthday: '',
      email: '',
      address: { street: '', city: '', postcode: '' },
    });
  });

  it('refuses an impossible birthday', () => {
    expect(parseCwaVCard(ANDROID.replace('19620308', '19621308'))).toMatchObject({ ok: false, code: 'birthday' });
  });

  it('repairs ß and umlauts a scanner read as Mac Roman or Windows-1252', () => {
    const mac = parseCwaVCard(ANDROID.replace(/ß/g, '√ü').replace('ü', '√º'));
    expect(mac.ok && mac.person.lastName).toBe('Groß');
    expect(mac.ok && mac.person.firstName).toBe('Jürgen');
    const win = parseCwaVCard(ANDROID.replace(/ß/g, 'ÃŸ'));
    expect(win.ok && win.person.address.city).toBe('Weißenfels');
  });
});
