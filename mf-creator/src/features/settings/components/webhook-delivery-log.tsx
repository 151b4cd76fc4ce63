import { useWebhookDeliveries } from '@beabro/shared/api/get-webhook-deliveries';
import type { WebhookDeliveryDto } from '@beabro/shared/api-schemas/webhooks';
import { Badge, type BadgeTone } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { errorMessage } from '../../../lib/error-message';

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});
const when = (iso: string) => `${DATE_TIME.format(new Date(iso))} UTC`;

const STATUS: Record<WebhookDeliveryDto['status'], { label: string; tone: BadgeTone }> = {
  delivered: { label: 'Delivered', tone: 'success' },
  pending: { label: 'Retrying', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

function statusOf(delivery: WebhookDeliveryDto) {
  return delivery.status === 'pending' && delivery.attempts === 0
    ? { label: 'Queued', tone: 'neutral' as const }
    : STATUS[delivery.status];
}

/** The latest deliveries of one endpoint: event, when, outcome, response code and what went wrong. */
export function WebhookDeliveryLog({ endpointId }: { endpointId: string }) {
  const query = useWebhookDeliveries(endpointId);
  if (query.isPending) return <p role="status">Loading deliveries...</p>;
  if (query.isError) {
    return (
      <div role="alert" css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{errorMessage(query.error, 'We could not load the delivery log.')}</span>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (query.data.length === 0)
    return (
      <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
        No deliveries yet. Send a test event to try the endpoint.
      </p>
    );
  return (
    <div css={{ overflowX: 'auto' }}>
      <table
        css={(theme) => ({
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: theme.font.size.sm,
          'th, td': {
            textAlign: 'left',
            padding: theme.space(2),
            borderTop: `1px solid ${theme.color.border}`,
            verticalAlign: 'top',
          },
          th: { fontWeight: 600, color: theme.color.textMuted },
          // On a phone each delivery is a small block of labelled lines instead of a wide row.
          [theme.breakpoint.belowMd]: {
            thead: { display: 'none' },
            'tr, td': { display: 'block' },
            tr: { borderTop: `1px solid ${theme.color.border}`, padding: `${theme.space(2)} 0` },
            td: {
              border: 0,
              padding: `${theme.space(1)} 0`,
              display: 'grid',
              gridTemplateColumns: '6rem minmax(0, 1fr)',
              gap: theme.space(2),
            },
            'td::before': { content: 'attr(data-label)', fontWeight: 600, color: theme.color.textMuted },
          },
        })}
      >
        <caption className="visually-hidden">Latest deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">Response</th>
            <th scope="col">Attempts</th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((delivery) => {
            const status = statusOf(delivery);
            return (
              <tr key={delivery.id} data-testid="webhook-delivery">
                <td data-label="Event">
                  <code>{delivery.eventType}</code>
                </td>
                <td data-label="Created">{when(delivery.createdAt)}</td>
                <td data-label="Status">
                  <span>
                    <Badge tone={status.tone}>{status.label}</Badge>
                    {delivery.status === 'pending' && delivery.attempts > 0 && delivery.nextAttemptAt ? (
                      <span
                        css={(theme) => ({
                          display: 'block',
                          color: theme.color.textMuted,
                          fontSize: theme.font.size.xs,
                        })}
                      >
                        Next try {when(delivery.nextAttemptAt)}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-label="Response" css={{ maxWidth: '18rem', overflowWrap: 'anywhere' }}>
                  <span>
                    {delivery.responseStatus !== null ? (
                      <span>HTTP {delivery.responseStatus}</span>
                    ) : delivery.attempts === 0 ? (
                      <span>Not sent yet</span>
                    ) : (
                      <span>No answer</span>
                    )}
                    {delivery.lastError ? (
                      <span
                        css={(theme) => ({ display: 'block', color: theme.color.danger, fontSize: theme.font.size.xs })}
                      >
                        {delivery.lastError}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-label="Attempts">{delivery.attempts}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
