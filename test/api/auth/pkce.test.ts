import { describe, expect, it } from 'vitest';
import { createPkcePair, createState, s256Challenge, VERIFIER_PATTERN } from '../../../src/api/auth/pkce.js';

describe('PKCE', () => {
  it('computes the S256 challenge of the RFC 7636 appendix B example', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of the allowed alphabet and length, each with its challenge, never twice the same', () => {
    const first = createPkcePair();
    const second = createPkcePair();
    expect(first.verifier).toMatch(VERIFIER_PATTERN);
    expect(first.challenge).toBe(s256Challenge(first.verifier));
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.verifier).not.toBe(first.verifier);
  });

  it('makes a url-safe state that differs each time', () => {
    const state = createState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(createState()).not.toBe(state);
  });
});
