import { describe, expect, it } from 'vitest';
import { issueToken, verifyToken } from './tokens.js';

describe('tokens', () => {
  it('a token verifies under the secret it was signed with and under no other, each secret keyed apart', () => {
    const a = 'first-secret-of-sixteen-or-more';
    const b = 'second-secret-of-sixteen-or-more';
    const fromA = issueToken(a, 'user-1', 'customer', { version: 3 }).token;
    const fromB = issueToken(b, 'user-2', 'admin').token;
    expect(verifyToken(a, fromA)).toMatchObject({ ok: true, claims: { sub: 'user-1', role: 'customer', ver: 3 } });
    expect(verifyToken(b, fromB)).toMatchObject({ ok: true, claims: { sub: 'user-2', role: 'admin', ver: 0 } });
    expect(verifyToken(b, fromA)).toEqual({ ok: false, expired: false });
    expect(verifyToken(a, fromB)).toEqual({ ok: false, expired: false });
  });
});
