import { inflateSync } from 'node:zlib';
import { SIGNATURE_MAX_BYTES } from '@tz/shared/constants';

const PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export type SignatureCheck = 'ok' | 'invalid' | 'too_large' | 'empty';

/**
 * Checks a signature from the pad: a PNG data URL within the size limit whose
 * pixels are not all zero. The pad draws on a transparent canvas, so an
 * untouched pad yields only zero bytes; PNG filters map zero rows to zero
 * rows, so looking at the filtered data (skipping each row's filter byte) is
 * enough and no full PNG decoder is needed.
 */
export function checkSignature(dataUrl: string): SignatureCheck {
  if (!dataUrl.startsWith(PREFIX)) return 'invalid';
  const b64 = dataUrl.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return 'invalid';
  if (Math.floor((b64.length * 3) / 4) > SIGNATURE_MAX_BYTES + 2) return 'too_large';
  const png = Buffer.from(b64, 'base64');
  if (png.length > SIGNATURE_MAX_BYTES) return 'too_large';
  if (png.length < 45 || !png.subarray(0, 8).equals(PNG_MAGIC)) return 'invalid';
  try {
    let offset = 8;
    let width = 0;
    let height = 0;
    let bitDepth = 8;
    let colorType = 6;
    const idat: Buffer[] = [];
    while (offset + 8 <= png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('latin1', offset + 4, offset + 8);
      const data = png.subarray(offset + 8, offset + 8 + length);
      if (data.length !== length) return 'invalid';
      if (type === 'IHDR') {
        width = data.readUInt32BE(0);
        height = data.readUInt32BE(4);
        bitDepth = data[8]!;
        colorType = data[9]!;
        if (data[12] !== 0) return 'invalid'; // interlaced: not what a canvas produces
      } else if (type === 'IDAT') idat.push(Buffer.from(data));
      else if (type === 'IEND') break;
      offset += 12 + length;
    }
    const channels = CHANNELS[colorType];
    if (!width || !height || !channels || idat.length === 0) return 'invalid';
    const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: 64 * 1024 * 1024 });
    const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
    if (raw.length < height * (rowBytes + 1)) return 'invalid';
    for (let row = 0; row < height; row++) {
      const start = row * (rowBytes + 1) + 1;
      for (let i = start; i < start + rowBytes; i++) if (raw[i] !== 0) return 'ok';
    }
    return 'empty';
  } catch {
    return 'invalid';
  }
}
