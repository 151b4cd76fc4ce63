import { emailHtml, escapeHtml } from '../checkout/checkout-emails';
import type { OutgoingEmail } from '../email/email-outbox';

const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** Sent when deliveries to an endpoint failed for 3 days and it was turned off. */
export function webhookEndpointDisabledEmail(to: string, f: { endpointId: string; url: string; disabledAt: Date; lastError: string; settingsUrl: string }): OutgoingEmail {
  const subject = 'Your webhook endpoint was turned off';
  const lines = [
    `We could not deliver webhook events to ${f.url} for 3 days, so we turned this endpoint off. No more events are sent to it until you turn it back on.`,
    `The last attempt failed with: ${f.lastError}`,
    `Fix the endpoint, then turn it back on under Settings > Integrations (${f.settingsUrl}). Events that are still waiting are sent again then.`,
  ];
  return {
    kind: 'webhook-endpoint-disabled',
    dedupeKey: `webhook-endpoint-disabled:${f.endpointId}:${f.disabledAt.toISOString()}`,
    to,
    subject,
    text: lines.join('\n\n'),
    html: emailHtml(subject, lines.map(para)),
  };
}
