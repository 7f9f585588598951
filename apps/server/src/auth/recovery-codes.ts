import { createHash, randomInt } from 'node:crypto';

/**
 * Recovery codes: ten per set-up, each 16 characters of Crockford's base32 (80 random bits), shown as
 * 'xxxx-xxxx-xxxx-xxxx'. They are stored as SHA-256 only: with 80 random bits a fast hash is enough
 * (nobody can try 2^80 guesses), and the lookup needs no per-code salt.
 */

/** Crockford's alphabet: no i, l, o, u, so nothing reads as another character. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 16;
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/**
 * What the user typed as a recovery code, in the stored form; null when it cannot be one. Case, spaces
 * and dashes do not matter, and o/i/l are read as 0/1/1 as Crockford's base32 says.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (code.length !== LENGTH) return null;
  for (const c of code) if (!ALPHABET.includes(c)) return null;
  return code;
}

export const hashRecoveryCode = (normalised: string) => createHash('sha256').update(normalised).digest('hex');
