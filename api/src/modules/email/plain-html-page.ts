import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from './escape-html';

export interface PlainHtmlPage {
  title: string;
  /** Trusted HTML for <main>: escape everything that came from data before putting it here. */
  main: string;
  /** Inline script, run under a per-response CSP nonce (no other script may run). */
  script?: string;
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; background: #f3f4f6; color: #111827; line-height: 1.5; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 1.6rem; margin: 0 0 16px; }
  h2 { font-size: 1.15rem; margin: 24px 0 8px; }
  a { color: #3730a3; }
  a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .card { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 2px rgba(0,0,0,.08); }
  .muted { color: #4b5563; font-size: .9rem; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  th { font-size: .85rem; color: #374151; background: #f9fafb; }
  .status { display: inline-block; padding: 2px 8px; border-radius: 999px; font-size: .8rem; font-weight: 600; }
  .status-sent { background: #dcfce7; color: #14532d; }
  .status-pending { background: #fef3c7; color: #78350f; }
  .status-failed { background: #fee2e2; color: #7f1d1d; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { font-weight: 600; color: #374151; }
  dd { margin: 0; word-break: break-word; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; padding: 16px; border-radius: 8px; border: 1px solid #e5e7eb; font-size: .9rem; }
  iframe { width: 100%; height: 640px; border: 1px solid #e5e7eb; border-radius: 8px; background: #fff; }
  @media (max-width: 600px) {
    main { padding: 16px 12px 40px; }
    th:nth-child(4), td:nth-child(4) { display: none; }
    /* Long subjects and addresses wrap anywhere, so a phone never scrolls sideways. */
    th, td { padding: 8px 6px; }
    td { overflow-wrap: anywhere; }
    .status { white-space: nowrap; }
  }
  @media (max-width: 480px) { th:nth-child(5), td:nth-child(5) { display: none; } }
`;

/** A small server-rendered page (development mailbox, refused hosts): no framework, accessible, no external assets. */
export function sendPlainHtmlPage(reply: FastifyReply, page: PlainHtmlPage, status = 200) {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · Be a Bro</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${page.main}
</main>
${page.script ? `<script nonce="${nonce}">${page.script}</script>` : ''}
</body>
</html>`;
  // Scripts only with this response's nonce; inline styles (ours and an email's) and any images are fine.
  const csp = [
    `script-src 'nonce-${nonce}'`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return reply
    .code(status)
    .header('Content-Security-Policy', csp)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}
