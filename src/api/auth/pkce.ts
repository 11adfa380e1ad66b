/** PKCE (RFC 7636) and the `state` value of the Authorization Code flow: random strings and the S256 hash. */
import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  /** Kept by the client, sent only to the token endpoint. */
  verifier: string;
  /** `BASE64URL(SHA256(verifier))`, sent in the authorize URL. */
  challenge: string;
}

/** RFC 7636 §4.1: 43 to 128 characters of `[A-Za-z0-9-._~]`. */
export const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function createPkcePair(): PkcePair {
  // 32 random bytes make a 43-character base64url verifier: the shortest allowed, 256 bits of entropy.
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier) };
}

/** An unguessable `state` that ties the callback to the request this process made. */
export function createState(): string {
  return randomBytes(16).toString('base64url');
}
