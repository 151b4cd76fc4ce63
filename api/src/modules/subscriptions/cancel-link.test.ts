import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cancelLinkUrl, signCancelToken, verifyCancelToken } from './cancel-link';

const secret = 'a'.repeat(40);

describe('cancel links', () => {
  it('a token signed with the secret verifies to its subscription', () => {
    const id = randomUUID();
    expect(verifyCancelToken(secret, signCancelToken(secret, id))).toBe(id);
    expect(cancelLinkUrl('https://beabro.app/', secret, id)).toBe(`https://beabro.app/subscriptions/cancel?token=${encodeURIComponent(signCancelToken(secret, id))}`);
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
});
