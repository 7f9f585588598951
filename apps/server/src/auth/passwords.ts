import { hash, verify } from '@node-rs/argon2';

// argon2id is the library default (algorithm 2).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so both failures take as long. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2Zk7mTQ2rXbB4j0mO7h0bWq8o4oM3m7vE8mB0k2C0xQ';
