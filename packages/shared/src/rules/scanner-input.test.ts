import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  isUsLayoutScan,
  mapUsLayout,
  readScan,
  type WedgeState,
  wedgeIdle,
  wedgeInitial,
  wedgeKey,
} from './scanner-input';

const ORIGIN = 'https://tz.example.org';

const PROFILE = [
  'BEGIN:VCARD',
  'VERSION:4.0',
  'N:Becker;Thomas;;;',
  'FN:Thomas Becker',
  'BDAY:19751224',
  'EMAIL;TYPE=home:thomas.becker@example.org',
  'TEL;TYPE="cell,home":030 555-123',
  'ADR;TYPE=home:;;Bahnhofstrasse 3;Leipzig;;04109',
  'REV:20211201T163005Z',
  'END:VCARD',
];

// The same profile as a scanner set to the US layout types it on a German PC (written by hand,
// reference/integrations.md: `:`→Ö, `;`→ö, `"`→Ä, `@`→", `-`→ß, `=`→´, y↔z, also in REV's Z).
const PROFILE_US = [
  'BEGINÖVCARD',
  'VERSIONÖ4.0',
  'NÖBeckeröThomasööö',
  'FNÖThomas Becker',
  'BDAZÖ19751224',
  'EMAILöTZPE´homeÖthomas.becker"example.org',
  'TELöTZPE´Äcell,homeÄÖ030 555ß123',
  'ADRöTZPE´homeÖööBahnhofstrasse 3öLeipyigöö04109',
  'REVÖ20211201T163005Y',
  'ENDÖVCARD',
];

const BECKER = {
  firstName: 'Thomas',
  lastName: 'Becker',
  email: 'thomas.becker@example.org',
  phone: '030 555-123',
  address: { street: 'Bahnhofstrasse 3', city: 'Leipzig', postcode: '04109' },
  birthday: '19751224',
};

describe('reading a scan', () => {
  it('reads a profile that starts with the vCard begin marker', () => {
    expect(readScan(PROFILE.join('\r\n'), ORIGIN)).toEqual({ kind: 'profile', person: BECKER });
  });

  it('answers a link of the app itself as a link to navigate to', () => {
    expect(readScan(`${ORIGIN}/appointments`, ORIGIN)).toEqual({ kind: 'link', url: `${ORIGIN}/appointments` });
  });

  it('ignores links of other sites and any other text', () => {
    expect(readScan('https://evil.example.com/x', ORIGIN)).toEqual({ kind: 'ignored' });
    expect(readScan(`${ORIGIN}.evil.com/x`, ORIGIN)).toEqual({ kind: 'ignored' });
    expect(readScan('Müller', ORIGIN)).toEqual({ kind: 'ignored' });
  });

  it('passes on the parser error of a broken profile', () => {
    const r = readScan(PROFILE.filter((l) => !l.startsWith('REV')).join('\n'), ORIGIN);
    expect(r).toEqual({ kind: 'error', message: expect.stringContaining('REV') });
  });
});

describe('hand scanner on the US layout', () => {
  it('recognises the garbled begin marker', () => {
    expect(isUsLayoutScan(PROFILE_US.join('\r\n'))).toBe(true);
    expect(isUsLayoutScan(PROFILE.join('\r\n'))).toBe(false);
  });

  it('maps the garbled profile back to the person', () => {
    expect(mapUsLayout(PROFILE_US.join('\r\n'))).toBe(PROFILE.join('\r\n'));
    expect(readScan(PROFILE_US.join('\r\n'), ORIGIN)).toEqual({ kind: 'profile', person: BECKER });
  });

  it('maps y and z back, and accented vowels from the dead ´ key', () => {
    expect(mapUsLayout('Mazer')).toBe('Mayer');
    expect(mapUsLayout('TZPE´Äcell')).toBe('TYPE="cell');
    expect(mapUsLayout('á')).toBe('=a');
  });

  it('refuses a scan with a character the US layout cannot have typed', () => {
    expect(mapUsLayout('thomas@example.org')).toBeNull();
    const r = readScan(PROFILE_US.join('\r\n').replace('"example', '@example'), ORIGIN);
    expect(r).toEqual({ kind: 'error', message: MSG.scanUsLayout });
  });

  it('refuses a profile whose umlauts and ß came through as is (they would map to garbage)', () => {
    const withUmlauts = PROFILE_US.join('\r\n')
      .replace('NÖBeckeröThomasööö', 'NÖGroßöJürgenööö')
      .replace('FNÖThomas Becker', 'FNÖJürgen Groß');
    expect(readScan(withUmlauts, ORIGIN)).toEqual({ kind: 'error', message: MSG.scanUsLayout });
  });

  it('refuses a profile where an ö came through as is and split the name', () => {
    const split = PROFILE_US.join('\r\n')
      .replace('NÖBeckeröThomasööö', 'NÖGröneröMaxööö')
      .replace('FNÖThomas Becker', 'FNÖMax Gröner');
    expect(readScan(split, ORIGIN)).toEqual({ kind: 'error', message: MSG.scanUsLayout });
  });
});

/** Feeds recorded key events [key, ms] through the detector; returns scans and consumed keys. */
function play(events: Array<[string, number]>, idleAt?: number) {
  let state: WedgeState = wedgeInitial;
  const scans: string[] = [];
  const consumed: string[] = [];
  for (const [key, at] of events) {
    const step = wedgeKey(state, key, at);
    state = step.state;
    if (step.scan) scans.push(step.scan);
    if (step.consumed) consumed.push(key);
  }
  if (idleAt !== undefined) {
    const step = wedgeIdle(state, idleAt);
    state = step.state;
    if (step.scan) scans.push(step.scan);
  }
  return { scans, consumed, state };
}

/** A scanner typing lines 10 ms apart, with `lineBreak` between lines and `end` after the last. */
function scanned(lines: string[], lineBreak: string, end: string | null, start = 1000, gap = 10) {
  const events: Array<[string, number]> = [];
  let t = start;
  const key = (k: string, after: number) => {
    t += after;
    events.push([k, t]);
  };
  lines.forEach((line, i) => {
    for (const ch of line) {
      if (/[A-ZÄÖÜ:"]/.test(ch)) key('Shift', 2);
      key(ch, gap);
    }
    if (i < lines.length - 1) key(lineBreak, gap);
  });
  if (end) key(end, gap);
  return { events, last: t };
}

describe('keyboard-wedge detector', () => {
  it('hands over a fast scan whose lines end with Enter, once END:VCARD ends with Enter', () => {
    const { events } = scanned(PROFILE, 'Enter', 'Enter');
    const { scans } = play(events);
    expect(scans).toEqual([PROFILE.join('\r\n')]);
  });

  it('takes ArrowDown as a line break', () => {
    const { events } = scanned(PROFILE, 'ArrowDown', 'Enter');
    expect(play(events).scans).toEqual([PROFILE.join('\r\n')]);
  });

  it('ignores Shift and AltGraph between the keys', () => {
    const { events } = scanned(['https://tz.example.org/x'], 'Enter', 'Enter');
    events.splice(5, 0, ['AltGraph', events[4]![1] + 1]);
    expect(play(events).scans).toEqual(['https://tz.example.org/x']);
  });

  it('hands over a complete profile without a final Enter after 200 ms idle', () => {
    const { events, last } = scanned(PROFILE, 'Enter', null);
    expect(play(events, last + 199).scans).toEqual([]);
    expect(play(events, last + 200).scans).toEqual([PROFILE.join('\r\n')]);
  });

  it('drops an unfinished buffer after 200 ms idle', () => {
    const { events, last } = scanned(['BEGIN:VCARD', 'VERSION:4.0'], 'Enter', null);
    const { state, scans } = play(events, last + 200);
    expect(scans).toEqual([]);
    expect(state).toEqual(wedgeInitial);
  });

  it('never takes slow typing for a scan and leaves its keys alone', () => {
    const { events } = scanned(['BEGIN:VCARD', 'Becker'], 'Enter', 'Enter', 1000, 120);
    const { scans, consumed } = play(events);
    expect(scans).toEqual([]);
    expect(consumed).toEqual([]);
  });

  it('leaves a fast typed name and its Enter to the search box', () => {
    const { events } = scanned(['Becker'], 'Enter', 'Enter', 1000, 30);
    const { scans, consumed } = play(events);
    expect(scans).toEqual([]);
    expect(consumed).toEqual([]);
  });

  it('keeps the keys of a scan from their default action once it looks like one', () => {
    const { events } = scanned(['BEGIN:VCARD', 'N:X'], 'Enter', null);
    const { consumed } = play(events);
    expect(consumed.slice(0, 2)).toEqual([':', 'V']);
    expect(consumed).toContain('Enter');
  });
});
