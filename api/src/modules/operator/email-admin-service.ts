import { desc, eq, isNotNull } from 'drizzle-orm';
import type { OperatorEmailResponse } from '@beabro/shared/api-schemas/operator';
import type { Db } from '../../db/database';
import { blockedEmailDomains, emailOutbox, emailSuppressions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from './audit-log';

const LIST_LIMIT = 200;
export const EMAIL_ADMIN_MESSAGES = {
  domainBlocked: (domain: string) => `Sign-ups from ${domain} are now refused.`,
  domainUnblocked: (domain: string) => `Sign-ups from ${domain} are accepted again.`,
  domainNotBlocked: 'This domain is not blocked.',
  alreadyBlocked: 'This domain is already blocked.',
  suppressionLifted: (email: string) => `Emails to ${email} will be sent again.`,
  notSuppressed: 'This address is not suppressed.',
} as const;

/** GET /api/operator/email */
export async function emailOverview(db: Db): Promise<OperatorEmailResponse> {
  const bounces = await db
    .select({
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      at: emailOutbox.failedAt,
      error: emailOutbox.lastError,
    })
    .from(emailOutbox)
    .where(isNotNull(emailOutbox.failedAt))
    .orderBy(desc(emailOutbox.failedAt))
    .limit(LIST_LIMIT);
  const suppressed = await db
    .select()
    .from(emailSuppressions)
    .orderBy(desc(emailSuppressions.createdAt))
    .limit(LIST_LIMIT);
  const domains = await db.select().from(blockedEmailDomains).orderBy(blockedEmailDomains.domain);
  return {
    bounces: bounces.map((b) => ({
      to: b.to,
      subject: b.subject,
      at: (b.at ?? new Date(0)).toISOString(),
      error: b.error,
    })),
    suppressed: suppressed.map((s) => ({ email: s.email, reason: s.reason, at: s.createdAt.toISOString() })),
    blockedDomains: domains.map((d) => ({ domain: d.domain, at: d.createdAt.toISOString(), by: d.createdBy })),
  };
}

export async function blockDomain(db: Db, domain: string, actor: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blockedEmailDomains)
      .values({ domain, createdBy: actor })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('conflict', EMAIL_ADMIN_MESSAGES.alreadyBlocked, {
        domain: EMAIL_ADMIN_MESSAGES.alreadyBlocked,
      });
    await recordAudit(tx, {
      actor,
      action: 'email.block-domain',
      target: `domain:${domain}`,
      before: { blocked: false },
      after: { blocked: true },
    });
    return EMAIL_ADMIN_MESSAGES.domainBlocked(domain);
  });
}

export async function unblockDomain(db: Db, rawDomain: string, actor: string): Promise<string> {
  const domain = rawDomain.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(blockedEmailDomains).where(eq(blockedEmailDomains.domain, domain)).returning();
    if (!row) throw new AppError('not_found', EMAIL_ADMIN_MESSAGES.domainNotBlocked);
    await recordAudit(tx, {
      actor,
      action: 'email.unblock-domain',
      target: `domain:${domain}`,
      before: { blocked: true, since: row.createdAt.toISOString(), by: row.createdBy },
      after: { blocked: false },
    });
    return EMAIL_ADMIN_MESSAGES.domainUnblocked(domain);
  });
}

export async function liftSuppression(db: Db, rawEmail: string, actor: string): Promise<string> {
  const email = rawEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(emailSuppressions).where(eq(emailSuppressions.email, email)).returning();
    if (!row) throw new AppError('not_found', EMAIL_ADMIN_MESSAGES.notSuppressed);
    await recordAudit(tx, {
      actor,
      action: 'email.lift-suppression',
      target: `email:${email}`,
      before: { suppressed: true, reason: row.reason },
      after: { suppressed: false },
    });
    return EMAIL_ADMIN_MESSAGES.suppressionLifted(email);
  });
}
