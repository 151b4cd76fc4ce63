import { escapeHtml } from './escape-html';

export interface EmailContent {
  /** First line of the message, e.g. "Verify your email". */
  heading: string;
  /** Plain-text paragraphs (escaped in the HTML part). */
  paragraphs: string[];
  /** One call to action: a button in HTML, "label: url" in text. */
  action?: { label: string; url: string };
  /** Small print after the action. */
  footer?: string[];
}

export interface RenderedEmail {
  text: string;
  html: string;
}

/**
 * The one look of every email: a text part that reads well on its own and an HTML part with inline
 * styles only (mail clients drop <style> and scripts). Everything given is text, escaped here.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  if (content.action && !/^https?:\/\//i.test(content.action.url)) throw new Error(`email action must be an http(s) URL: ${content.action.url}`);
  const footer = content.footer ?? [];
  const textParts = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  textParts.push(...footer.flatMap((p) => [p, '']), '-- ', 'Be a Bro');
  const text = textParts.join('\n');

  const paragraph = (p: string, style: string) => `<p style="${style}">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const body = [
    `<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => paragraph(p, 'margin:0 0 14px;font-size:16px;line-height:1.5;color:#1f2937')),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
        paragraph(`Or open this link: ${content.action.url}`, 'margin:0 0 14px;font-size:13px;line-height:1.5;color:#4b5563;word-break:break-all')
      : '',
    ...footer.map((p) => paragraph(p, 'margin:0 0 10px;font-size:13px;line-height:1.5;color:#6b7280')),
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:12px">
${body}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">Be a Bro</p>
</div>
</body></html>`;
  return { text, html };
}

