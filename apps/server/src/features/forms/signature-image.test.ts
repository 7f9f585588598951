import { describe, expect, it } from 'vitest';
import { demoSignatureDataUrl, encodeSignaturePng, pngDataUrl } from './png-encode';
import { checkSignature } from './signature-image';

describe('signature image check', () => {
  it('accepts a drawn PNG', () => {
    expect(checkSignature(demoSignatureDataUrl())).toBe('ok');
    expect(checkSignature(pngDataUrl(encodeSignaturePng(50, 20, (x, y) => x === 49 && y === 19)))).toBe('ok');
  });

  it('refuses an untouched (fully transparent) pad', () => {
    expect(checkSignature(pngDataUrl(encodeSignaturePng(300, 200, () => false)))).toBe('empty');
  });

  it('refuses other formats, broken data and oversized images', () => {
    expect(checkSignature('data:image/jpeg;base64,/9j/4AAQ')).toBe('invalid');
    expect(checkSignature('data:image/png;base64,nicht base64!')).toBe('invalid');
    expect(checkSignature(`data:image/png;base64,${Buffer.from('x'.repeat(100)).toString('base64')}`)).toBe('invalid');
    const png = encodeSignaturePng(20, 20, () => true);
    expect(checkSignature(pngDataUrl(png.subarray(0, png.length - 20)))).not.toBe('ok');
    expect(checkSignature(`data:image/png;base64,${'A'.repeat(700_000)}`)).toBe('too_large');
  });
});
