import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blockedEmailDomains } from '../../db/schema';

/** Whether sign-up refuses this address: its domain, or a domain it is under, is blocked by an operator. */
export async function isEmailDomainBlocked(db: Db, email: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!domain) return false;
  const [row] = await db
    .select({ domain: blockedEmailDomains.domain })
    .from(blockedEmailDomains)
    .where(sql`${domain} = ${blockedEmailDomains.domain} or ${domain} like '%.' || ${blockedEmailDomains.domain}`)
    .limit(1);
  return row !== undefined;
}
