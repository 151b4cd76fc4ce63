import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { createTestApp, fakeUser } from '../../testing/test-app';

describe('the sender loop of the app', () => {
  it('starts with the app, delivers what is queued into DATA_DIR/mail, and stops when the app closes', async () => {
    // Test apps keep the loop off by default; this one is about the loop.
    const lines: string[] = [];
    const t = await createTestApp(
      { EMAIL_SENDER_ENABLED: 'true', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      // It starts when the app is ready, which createTestApp waited for.
      expect(lines.filter((line) => line.includes('email sender started'))).toHaveLength(1);
      const { email } = await fakeUser(t);
      await expect
        .poll(
          async () =>
            (
              await t.database.db
                .select({ sentAt: emailOutbox.sentAt })
                .from(emailOutbox)
                .where(eq(emailOutbox.toAddress, email))
            )[0]?.sentAt ?? null,
          {
            timeout: 15_000,
            interval: 200,
          },
        )
        .not.toBeNull();
      const mailDir = path.join(t.app.config.dataDir, 'mail');
      expect(readdirSync(mailDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
      expect(existsSync(path.join(mailDir, 'index.json'))).toBe(true);
    } finally {
      // Closing waits for a run in progress; the database closes after it without errors.
      await t.close();
    }
  });

  it('does not run when EMAIL_SENDER_ENABLED=false', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { EMAIL_SENDER_ENABLED: 'false', LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      await fakeUser(t);
      // The loop starts when the app is ready (as the test above sees), which createTestApp waited for: no start
      // by then is none at all, so the queued email stays unsent without waiting out an interval.
      expect(lines.filter((line) => line.includes('email sender started'))).toEqual([]);
      const rows = await t.database.db.select({ sentAt: emailOutbox.sentAt }).from(emailOutbox);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.sentAt).toBeNull();
    } finally {
      await t.close();
    }
  });
});
