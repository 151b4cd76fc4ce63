import { z } from 'zod';

/** One email of the outbox as the development mailbox lists it. */
export const devMailboxEntrySchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});

/** GET /api/dev/mailbox: newest first. */
export const devMailboxListResponseSchema = z.object({ messages: z.array(devMailboxEntrySchema) });

/** GET /api/dev/mailbox/:id */
export const devMailboxMessageSchema = devMailboxEntrySchema.extend({
  replyTo: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
});

export const devMailboxParamsSchema = z.object({ id: z.uuid({ error: 'Not a message id' }) });

export type DevMailboxEntry = z.infer<typeof devMailboxEntrySchema>;
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;
