import { describe, expect, it } from 'vitest';
import { centreColour, textOn, webLink } from './booking-shell';

describe('the centre colours and links on the booking page', () => {
  it('writes black or white on the centre colour, whichever has the contrast', () => {
    expect(textOn('#1c7ed6')).toBe('#000');
    expect(textOn('#005f73')).toBe('#fff');
    expect(textOn('#fff')).toBe('#000');
    expect(textOn('#000000')).toBe('#fff');
  });

  it('takes only plain hex colours and web links from the settings', () => {
    expect(centreColour('#abc')).toBe('#abc');
    expect(centreColour('red; background: url(x)')).toBeUndefined();
    expect(webLink(' https://zentrum.example/impressum ')).toBe('https://zentrum.example/impressum');
    expect(webLink('javascript:alert(1)')).toBeUndefined();
    expect(webLink('Frau Datenschutz')).toBeUndefined();
  });
});
