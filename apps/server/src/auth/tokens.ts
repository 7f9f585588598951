import { jwtVerify, SignJWT } from 'jose';
import { now, nowMs } from '../clock';

export interface TokenClaims {
  sid: string;
  uid: number;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signSessionToken(secret: string, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid, uid: claims.uid })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(nowMs() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
}

/** Returns null for anything that is not a valid, unexpired token of ours. */
export async function verifySessionToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], currentDate: now() });
    if (typeof payload.sid !== 'string' || typeof payload.uid !== 'number') return null;
    return { sid: payload.sid, uid: payload.uid };
  } catch {
    return null;
  }
}
