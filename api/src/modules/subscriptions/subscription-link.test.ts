import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cancelLinkUrl, signCancelToken, verifyCancelToken } from './subscription-link';

const secret = 'a'.repeat(40);

describe('cancel links', () => {
  it('a token signed with the secret verifies to its subscription', () => {
    const id = randomUUID();
    expect(verifyCancelToken(secret, signCancelToken(secret, id))).toBe(id);
    expect(cancelLinkUrl('https://beabro.app/', secret, id)).toBe(
      `https://beabro.app/subscriptions/cancel?token=${encodeURIComponent(signCancelToken(secret, id))}`,
    );
  });

  it('refuses forged, tampered, truncated and foreign tokens', () => {
    const id = randomUUID();
    const token = signCancelToken(secret, id);
    const [, signature] = token.split('.');
    expect(verifyCancelToken('b'.repeat(40), token)).toBeNull();
    expect(verifyCancelToken(secret, `${randomUUID()}.${signature}`)).toBeNull();
    expect(verifyCancelToken(secret, token.slice(0, -2))).toBeNull();
    expect(verifyCancelToken(secret, `${token}.extra`)).toBeNull();
    expect(verifyCancelToken(secret, id)).toBeNull();
    expect(verifyCancelToken(secret, `not-a-uuid.${signature}`)).toBeNull();
    expect(verifyCancelToken(secret, '')).toBeNull();
  });

  it('accepts the signed token in its one canonical spelling only', () => {
    const id = randomUUID();
    const token = signCancelToken(secret, id);
    const signature = token.split('.')[1] ?? '';
    // The last of 43 characters carries 4 bits and 2 unused ones: flipping an unused bit decodes to the same bytes.
    const last = signature.charCodeAt(signature.length - 1);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[alphabet.indexOf(String.fromCharCode(last)) ^ 1];
    for (const variant of [
      `${id}.${signature.slice(0, -1)}${sameBytes}`,
      `${id}.${signature.slice(0, 10)}!${signature.slice(10)}`,
      `${id}.${signature} `.replace(' ', '=='),
      `${id}.${signature.replace(/-/g, '+').replace(/_/g, '/')}${/[-_]/.test(signature) ? '' : '='}`,
      `${id}.${signature.slice(0, 20)} ${signature.slice(20)}`,
    ]) {
      expect(verifyCancelToken(secret, variant), variant).toBeNull();
    }
    expect(verifyCancelToken(secret, ` ${token} `)).toBe(id);
  });
});
