import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes';
import { decryptTwoFactorSecret, encryptTwoFactorSecret } from './two-factor-secret-box';

const KEY = 'a'.repeat(32);

describe('two-factor secrets at rest', () => {
  it('encrypts with a fresh IV each time and reads back only with the same APP_SECRET', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const first = encryptTwoFactorSecret(KEY, secret);
    const second = encryptTwoFactorSecret(KEY, secret);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(decryptTwoFactorSecret(KEY, first)).toBe(secret);
    expect(decryptTwoFactorSecret('b'.repeat(32), first)).toBeNull();
  });

  it('refuses a damaged or malformed value instead of throwing', () => {
    const stored = encryptTwoFactorSecret(KEY, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const [version, iv, tag, ciphertext] = stored.split('.');
    const flipped = `${ciphertext?.[0] === 'A' ? 'B' : 'A'}${ciphertext?.slice(1)}`;
    for (const bad of [`${version}.${iv}.${tag}.${flipped}`, 'v2.a.b.c', 'v1.a.b', '', `${stored}.x`, 'v1.!!.!!.!!']) {
      expect(decryptTwoFactorSecret(KEY, bad), bad).toBeNull();
    }
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes of 16 Crockford base32 characters in groups of four', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('hashes a code the same however it is typed', () => {
    const [code = ''] = generateRecoveryCodes();
    const hash = hashRecoveryCode(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code.toUpperCase().replace(/-/g, ' '))).toBe(hash);
    expect(hashRecoveryCode(code.replace(/1/g, 'l').replace(/0/g, 'O'))).toBe(hash);
  });
});
