import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@beabro/shared/api-schemas/common';
import {
  devMailboxListResponseSchema,
  devMailboxMessageSchema,
  devMailboxParamsSchema,
  type DevMailboxEntry,
  type DevMailboxMessage,
} from '@beabro/shared/api-schemas/dev-mailbox';
import { AppError } from '../../lib/app-error';
import { escapeHtml, linkifyText } from '../email/escape-html';
import { sendPlainHtmlPage } from '../email/plain-html-page';
import { DEV_MAILBOX_LIMIT, getMailboxMessage, listMailbox, MESSAGE_NOT_FOUND } from './dev-mailbox-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The development mailbox: every email of the outbox as JSON (/api/dev/mailbox) and as plain pages
 * (/dev/mailbox). Registered only when DEV_MAILBOX is on; these are real routes, so they win over the
 * shell page that unknown paths get.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development mailbox: the latest emails of the outbox, newest first',
        response: { 200: devMailboxListResponseSchema },
      },
    },
    async () => ({ messages: await listMailbox(app.db) }),
  );

  app.get(
    '/api/dev/mailbox/:id',
    {
      schema: {
        tags: ['development'],
        summary: 'Development mailbox: one email with its text and HTML',
        params: devMailboxParamsSchema,
        response: { 200: devMailboxMessageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getMailboxMessage(app.db, request.params.id),
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listMailbox(app.db);
    return sendPlainHtmlPage(reply, { title: 'Development mailbox', main: renderList(messages) });
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      let message: DevMailboxMessage;
      try {
        if (!UUID.test(request.params.id)) throw new AppError('not_found', MESSAGE_NOT_FOUND);
        message = await getMailboxMessage(app.db, request.params.id);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'not_found')) throw error;
        return sendPlainHtmlPage(
          reply,
          {
            title: 'Message not found',
            main: `<h1>Message not found</h1><p>${escapeHtml(MESSAGE_NOT_FOUND)}</p><p><a href="/dev/mailbox">Back to the mailbox</a></p>`,
          },
          404,
        );
      }
      return sendPlainHtmlPage(reply, { title: message.subject, main: renderMessage(message, app.config.mailFrom) });
    },
  );
};

function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function statusBadge(message: DevMailboxEntry): string {
  if (message.sentAt) return `<span class="status status-sent">Sent</span>`;
  if (message.failedAt) return `<span class="status status-failed">Failed</span>`;
  return `<span class="status status-pending">${message.attempts > 0 ? `Retrying (${message.attempts} attempts)` : 'Queued'}</span>`;
}

function renderList(messages: DevMailboxEntry[]): string {
  const intro = `<h1>Development mailbox</h1>
<p class="muted">Every email the app has queued, newest first (the latest ${DEV_MAILBOX_LIMIT} at most). Delivered copies are also written as <code>.eml</code> files under <code>DATA_DIR/mail</code>. Reload to see new messages. This page exists only while <code>DEV_MAILBOX</code> is on.</p>`;
  if (messages.length === 0)
    return `${intro}<div class="card"><p>No emails yet. Sign up, send a help request or support a creator, then reload.</p></div>`;
  const rows = messages
    .map(
      (m) => `<tr>
<td><a href="/dev/mailbox/${escapeHtml(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>
<td>${escapeHtml(m.to)}</td>
<td>${statusBadge(m)}</td>
<td>${escapeHtml(m.kind)}</td>
<td><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(formatTime(m.createdAt))}</time></td>
</tr>`,
    )
    .join('\n');
  return `${intro}
<table>
<caption class="muted" style="text-align:left;padding:8px 0">${messages.length} message${messages.length === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Status</th><th scope="col">Kind</th><th scope="col">Created</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function renderMessage(message: DevMailboxMessage, from: string): string {
  const field = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`;
  const fields = [
    field('From', escapeHtml(from)),
    field('To', escapeHtml(message.to)),
    message.replyTo ? field('Reply-To', escapeHtml(message.replyTo)) : '',
    field('Subject', escapeHtml(message.subject)),
    field('Kind', escapeHtml(message.kind)),
    field('Created', escapeHtml(formatTime(message.createdAt))),
    field(
      'Status',
      statusBadge(message) +
        (message.sentAt
          ? ` ${escapeHtml(formatTime(message.sentAt))}`
          : message.failedAt
            ? ` ${escapeHtml(formatTime(message.failedAt))}`
            : ''),
    ),
    message.lastError ? field('Last error', escapeHtml(message.lastError)) : '',
  ].join('\n');
  // The email's own HTML runs in a sandbox without scripts; its links open in this tab (after a click).
  const htmlPart = message.html
    ? `<h2 id="html-part">HTML part</h2>
<iframe title="HTML part of the email" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(withLinksOnTop(message.html))}"></iframe>`
    : '';
  return `<p><a href="/dev/mailbox">← Back to the mailbox</a></p>
<h1>${escapeHtml(message.subject || '(no subject)')}</h1>
<div class="card"><dl>
${fields}
</dl></div>
${htmlPart}
<h2 id="text-part">Text part</h2>
<pre>${linkifyText(message.text)}</pre>`;
}

/** Links inside the sandboxed frame navigate the whole tab, as they would from a mail client. */
function withLinksOnTop(html: string): string {
  const base = '<base target="_top">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}
