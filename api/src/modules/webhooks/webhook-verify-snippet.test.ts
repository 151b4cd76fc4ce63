import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_VERIFY_SNIPPET } from '@beabro/shared/data/faq';
import { makeTempDir, removeTempDir } from '../../testing/temp-dir';
import { signatureHeader } from './webhook-signature';

const dir = makeTempDir('snippet');
afterAll(() => removeTempDir(dir));

/** The public webhook documentation for creators' developers, which shows the same snippet. */
const WEBHOOKS_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/webhooks.md');

describe('the verification snippet of the help centre and docs/webhooks.md', () => {
  it('is the snippet docs/webhooks.md shows, character for character', () => {
    expect(readFileSync(WEBHOOKS_DOC, 'utf8')).toContain(`\`\`\`js\n${WEBHOOK_VERIFY_SNIPPET}\n\`\`\``);
  });

  it('accepts what the sender signs, and refuses a changed body, another secret and an old timestamp', async () => {
    const file = path.join(dir, 'verify.mjs');
    writeFileSync(file, WEBHOOK_VERIFY_SNIPPET);
    const { verifyBeabroSignature } = (await import(pathToFileURL(file).href)) as {
      verifyBeabroSignature: (secret: string, header: string, body: string) => boolean;
    };
    const secret = 'whsec_snippet-test-secret';
    const body = JSON.stringify({
      id: '00000000-0000-4000-8000-000000000000',
      type: 'support.created',
      data: { support: { amountCents: 700 } },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(verifyBeabroSignature(secret, signatureHeader(secret, now, body), body)).toBe(true);
    expect(verifyBeabroSignature(secret, signatureHeader(secret, now, body), body.replace('700', '701'))).toBe(false);
    expect(verifyBeabroSignature('whsec_other', signatureHeader(secret, now, body), body)).toBe(false);
    expect(verifyBeabroSignature(secret, signatureHeader(secret, now - 3600, body), body)).toBe(false);
    expect(verifyBeabroSignature(secret, 't=abc,v1=zz', body)).toBe(false);
  });
});
