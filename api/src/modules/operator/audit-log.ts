import { desc, eq, lt } from 'drizzle-orm';
import type { AuditEntryDto, AuditLogResponse } from '@beabro/shared/api-schemas/operator';
import type { Db } from '../../db/database';
import { operatorAuditLog } from '../../db/schema';
import { csvField } from '../../lib/csv';

/** Actors that are not an operator's email. */
export const SYSTEM_ACTOR = 'system';
export const COMMAND_LINE_ACTOR = 'command line';

export interface AuditEntryInput {
  actor: string;
  action: string;
  target: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Appends an entry (call it with the transaction of the change it records). */
export async function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  await db.insert(operatorAuditLog).values({
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

type AuditRow = typeof operatorAuditLog.$inferSelect;

function toDto(row: AuditRow): AuditEntryDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    reason: row.reason,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

export const AUDIT_PAGE_SIZE = 50;

/** A page of the log, newest first: entries older than `before` (an id). */
export async function listAudit(db: Db, before: number | undefined): Promise<AuditLogResponse> {
  const rows = await db
    .select()
    .from(operatorAuditLog)
    .where(before === undefined ? undefined : lt(operatorAuditLog.id, before))
    .orderBy(desc(operatorAuditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return { entries: page.map(toDto), nextBefore: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null };
}

/** The entries about one target (e.g. "user:<id>"), newest first. */
export async function auditOf(db: Db, target: string, limit = 100): Promise<AuditEntryDto[]> {
  const rows = await db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, target))
    .orderBy(desc(operatorAuditLog.id))
    .limit(limit);
  return rows.map(toDto);
}

const CSV_HEADER = ['id', 'at', 'actor', 'action', 'target', 'reason', 'before', 'after'];

/** The whole log as CSV, oldest first, lines ending CRLF. */
export async function auditCsv(db: Db): Promise<string> {
  const rows = await db.select().from(operatorAuditLog).orderBy(operatorAuditLog.id);
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  const lines = [CSV_HEADER.join(',')];
  for (const row of rows) {
    const fields = [
      String(row.id),
      row.at.toISOString(),
      row.actor,
      row.action,
      row.target,
      row.reason ?? '',
      json(row.before),
      json(row.after),
    ];
    lines.push(fields.map(csvField).join(','));
  }
  return lines.map((line) => `${line}\r\n`).join('');
}
