import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  isUsLayoutScan,
  looksLikeScanText,
  mapUsLayout,
  readScan,
  stripScannerHeader,
  WEDGE_STALL_MS,
  type WedgeState,
  wedgeDeadline,
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

/**
 * Feeds recorded key events [key, ms] through the detector, with the idle timer firing at each deadline
 * before the next key, as the page's timer does; returns scans, cut-off scans, consumed and leaked keys.
 */
function play(events: Array<[string, number]>, idleAt?: number) {
  let state: WedgeState = wedgeInitial;
  const scans: string[] = [];
  const consumed: string[] = [];
  const leaked: string[] = [];
  let cutOffs = 0;
  const idle = (at: number) => {
    const due = wedgeDeadline(state);
    if (due === null || due > at) return;
    const step = wedgeIdle(state, due);
    state = step.state;
    if (step.scan) scans.push(step.scan);
    if (step.cutOff) cutOffs++;
  };
  for (const [key, at] of events) {
    idle(at - 1);
    const step = wedgeKey(state, key, at);
    state = step.state;
    if (step.scan) scans.push(step.scan);
    if (step.cutOff) cutOffs++;
    if (step.consumed) consumed.push(key);
    else if (key.length === 1) leaked.push(key);
  }
  if (idleAt !== undefined) idle(idleAt);
  return { scans, consumed, leaked: leaked.join(''), cutOffs, state };
}

/** The index of the n-th event (from 0) that is no Shift. */
const keyAt = (events: Array<[string, number]>, n: number) =>
  events.findIndex(([k], i) => k !== 'Shift' && events.slice(0, i + 1).filter(([x]) => x !== 'Shift').length === n + 1);

/** The events with a pause of `ms` before the event at `index` (the page stalled). */
const stall = (events: Array<[string, number]>, index: number, ms: number): Array<[string, number]> =>
  events.map(([k, t], i) => [k, i >= index ? t + ms : t]);

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

  it('waits up to a second for the rest of a scan, then counts it as cut off (no scan handed over)', () => {
    const { events, last } = scanned(['BEGIN:VCARD', 'VERSION:4.0'], 'Enter', null);
    expect(play(events, last + WEDGE_STALL_MS - 1).cutOffs).toBe(0);
    const { state, scans, cutOffs } = play(events, last + WEDGE_STALL_MS);
    expect(scans).toEqual([]);
    expect(cutOffs).toBe(1);
    expect(state.buffer).toBe('');
  });

  it('drops a fast buffer that is no scan after 200 ms idle', () => {
    const { events, last } = scanned(['Becker'], 'Enter', null, 1000, 20);
    const { state, scans, cutOffs } = play(events, last + 200);
    expect(scans).toEqual([]);
    expect(cutOffs).toBe(0);
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

  it('hands over a scan whole however long the page stalls (200–800 ms) in it, and lets none of the rest through', () => {
    const { events } = scanned(PROFILE, 'Enter', 'Enter');
    const whole = PROFILE.join('\r\n');
    const key = (n: number) => keyAt(events, n);
    const enterOfLine2 = events.findIndex(([k], i) => k === 'Enter' && i > key(12));
    // after 2 keys (BE) and 3 (BEG), right after recognition (BEGIN:V), mid-line, before a line's Enter, before the final Enter
    for (const index of [key(2), key(3), key(7), key(40), enterOfLine2, events.length - 1]) {
      for (const ms of [200, 500, 800]) {
        const played = play(stall(events, index, ms));
        expect(played.scans, `stall of ${ms} ms before key ${index}`).toEqual([whole]);
        expect(played.cutOffs).toBe(0);
        // only the first keys before it read like a scan reach the focused field
        expect('BEGIN'.startsWith(played.leaked), `leaked ${played.leaked}`).toBe(true);
      }
    }
  });

  it('also after several stalls in one scan', () => {
    const { events } = scanned(PROFILE, 'Enter', 'Enter');
    const stalled = stall(stall(stall(events, 20, 700), 60, 400), 120, 800);
    expect(play(stalled).scans).toEqual([PROFILE.join('\r\n')]);
  });

  it('counts a scan with a stall after its first key as cut off: nothing searched, all its Enters kept', () => {
    const { events } = scanned(PROFILE, 'Enter', 'Enter');
    // B, the stall, then the rest: `B` reached the field, the rest is a piece of a profile
    const played = play(stall(events, keyAt(events, 1), 600));
    expect(played.scans).toEqual([]);
    expect(played.cutOffs).toBe(1);
    // every Enter after the piece was recognised is the scan's: none submits the search box
    const enters = events.filter(([k]) => k === 'Enter').length;
    expect(played.consumed.filter((k) => k === 'Enter')).toHaveLength(enters);
  });

  it('counts a scan that stops short as cut off once a second has passed', () => {
    const { events, last } = scanned(PROFILE.slice(0, 5), 'Enter', null);
    expect(play(events, last + WEDGE_STALL_MS).cutOffs).toBe(1);
  });

  it("keeps the scanner's own line end that arrives after the scan was handed over", () => {
    const { events, last } = scanned(PROFILE, 'Enter', null);
    // END:VCARD, a stall (the profile is handed over after 200 ms), then the scanner's Enter
    const played = play([...events, ['Enter', last + 600]]);
    expect(played.scans).toEqual([PROFILE.join('\r\n')]);
    expect(played.consumed.at(-1)).toBe('Enter');
  });

  it('still leaves slow typing of a begin marker alone, also after a fast start', () => {
    const slow = scanned(['BEGIN:VCARD'], 'Enter', 'Enter', 1000, 120).events;
    expect(play(slow).consumed).toEqual([]);
    // two fast keys, then a person's pace
    const twoFast: Array<[string, number]> = [
      ['B', 0],
      ['E', 20],
      ...[...'GIN:VCARD'].map((k, i): [string, number] => [k, 300 + i * 150]),
    ];
    const played = play(twoFast);
    expect(played.consumed).toEqual([]);
    expect(played.cutOffs).toBe(0);
  });

  it('recognises a scan that starts with the ECI header (\\000026) or a symbology identifier', () => {
    const withEci = scanned(['\\000026BEGIN:VCARD', ...PROFILE.slice(1)], 'Enter', 'Enter').events;
    const eci = play(withEci);
    expect(eci.scans).toHaveLength(1);
    expect(readScan(eci.scans[0]!, ORIGIN)).toEqual({ kind: 'profile', person: BECKER });
    const aim = play(scanned([']Q2\\000026BEGIN:VCARD', ...PROFILE.slice(1)], 'Enter', 'Enter').events);
    expect(readScan(aim.scans[0]!, ORIGIN)).toEqual({ kind: 'profile', person: BECKER });
  });
});

describe('the scanner header', () => {
  it('reads a profile behind a BOM, a symbology identifier and an ECI designator, with the doubled backslashes undone', () => {
    const street = PROFILE.join('\n').replace('Bahnhofstrasse 3', 'Bahnhof\\\\str\\;asse 3');
    const doubled = `\uFEFF]Q2\\000026${street.replace(/\\/g, '\\\\')}`;
    expect(stripScannerHeader(doubled)).toBe(street);
    expect(readScan(doubled, ORIGIN)).toEqual({
      kind: 'profile',
      person: { ...BECKER, address: { ...BECKER.address, street: 'Bahnhof\\str;asse 3' } },
    });
  });

  it('leaves text without an ECI designator as it is', () => {
    expect(stripScannerHeader('BEGIN:VCARD\\\\x')).toBe('BEGIN:VCARD\\\\x');
    expect(stripScannerHeader(']Q1BEGIN:VCARD')).toBe('BEGIN:VCARD');
  });

  it('maps a US-layout scan with its header back (`+Q2#000026BEGINÖVCARD`)', () => {
    expect(readScan(`+Q2#000026${PROFILE_US.join('\r\n')}`, ORIGIN)).toEqual({ kind: 'profile', person: BECKER });
  });
});

describe('text that came from a scan', () => {
  it('is recognised whole or in pieces, behind a header too', () => {
    for (const text of [
      PROFILE.join('\n'),
      'BEGINDVERSION:4.0N:Becker;Thomas;;;',
      'BEGIN:VCAR',
      'VERSION:4.0N:Becker',
      'BEGINÖVCARD',
      '\\000026BEGIN:VCARD',
      'N:Becker;Thomas;;;FN:Thomas BeckerEND:VCARD',
    ]) {
      expect(looksLikeScanText(text), text).toBe(true);
    }
  });

  it('is not a name, a date, a number or an e-mail address', () => {
    for (const text of [
      'Becker',
      'Begin',
      'Beginn',
      'begin mann',
      '24.12.1975',
      '1000123',
      'vera@example.org',
      'Version',
    ]) {
      expect(looksLikeScanText(text), text).toBe(false);
    }
  });
});
