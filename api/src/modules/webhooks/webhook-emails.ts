import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail } from '../email/email-template';

/** Sent when deliveries to an endpoint failed for 3 days and it was turned off. */
export async function webhookEndpointDisabledEmail(
  to: string,
  f: { endpointId: string; url: string; disabledAt: Date; lastError: string; settingsUrl: string },
): Promise<OutgoingEmail> {
  const subject = 'Your webhook endpoint was turned off';
  const lines = [
    `We could not deliver webhook events to ${f.url} for 3 days, so we turned this endpoint off. No more events are sent to it until you turn it back on.`,
    `The last attempt failed with: ${f.lastError}`,
    `Fix the endpoint, then turn it back on under Settings > Integrations (${f.settingsUrl}). Events that are still waiting are sent again then.`,
  ];
  return composeEmail(
    {
      kind: 'webhook-endpoint-disabled',
      dedupeKey: `webhook-endpoint-disabled:${f.endpointId}:${f.disabledAt.toISOString()}`,
      to,
      subject,
    },
    {
      heading: subject,
      blocks: lines,
      action: { label: 'Open your integration settings', url: f.settingsUrl },
      reason: 'You are receiving this email because you set up webhooks for your Be a Bro creator page.',
    },
  );
}
