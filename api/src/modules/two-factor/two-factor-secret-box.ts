import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * TOTP secrets at rest: AES-256-GCM with a key derived from APP_SECRET (HKDF-SHA256), so a copy of the
 * database alone does not give anyone the codes. Stored as "v1.<iv>.<tag>.<ciphertext>" in base64url.
 * Changing APP_SECRET makes the stored secrets unreadable: those accounts then sign in with a recovery
 * code and set two-factor sign-in up again (docs/security.md, "Two-factor sign-in").
 */

const VERSION = 'v1';

function keyFrom(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'beabro', 'two-factor-secret', 32));
}

export function encryptTwoFactorSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** The secret, or null when it cannot be read (another APP_SECRET, a damaged value). */
export function decryptTwoFactorSecret(appSecret: string, stored: string): string | null {
  const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !ciphertext || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
