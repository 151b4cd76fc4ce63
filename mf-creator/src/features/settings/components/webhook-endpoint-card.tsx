import { useState } from 'react';
import { useDeleteWebhookEndpoint } from '@beabro/shared/api/delete-webhook-endpoint';
import { useRotateWebhookSecret } from '@beabro/shared/api/rotate-webhook-secret';
import { useSendWebhookTestEvent } from '@beabro/shared/api/send-webhook-test-event';
import { useUpdateWebhookEndpoint } from '@beabro/shared/api/update-webhook-endpoint';
import type { WebhookEndpointDto, WebhookEndpointWithSecret } from '@beabro/shared/api-schemas/webhooks';
import { Badge } from '@beabro/shared/ui/badge';
import { Button } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { ConfirmDialog } from '@beabro/shared/ui/modal';
import { errorMessage } from '../../../lib/error-message';
import { WebhookDeliveryLog } from './webhook-delivery-log';

type Outcome = { kind: 'idle' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** One endpoint: where it points, what it receives, its state, its actions and its delivery log. */
export function WebhookEndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpointDto;
  onSecret: (rotated: WebhookEndpointWithSecret) => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const test = useSendWebhookTestEvent();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const busy = test.isPending || update.isPending || rotate.isPending || remove.isPending;

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setOutcome({ kind: 'idle' });
    try {
      await action();
      setOutcome({ kind: 'done', message: done });
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessage(error, failed) });
    }
  };

  return (
    <Card
      as="section"
      aria-label={`Webhook endpoint ${endpoint.url}`}
      css={(theme) => ({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.space(3), minWidth: 0 })}
    >
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: '0.75rem',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
        }}
      >
        <div css={{ minWidth: 0 }}>
          <h3 css={(theme) => ({ margin: 0, fontSize: theme.font.size.md, overflowWrap: 'anywhere' })}>
            {endpoint.url}
          </h3>
          {endpoint.description ? (
            <p
              css={(theme) => ({
                margin: `${theme.space(1)} 0 0`,
                color: theme.color.textMuted,
                fontSize: theme.font.size.sm,
              })}
            >
              {endpoint.description}
            </p>
          ) : null}
        </div>
        {endpoint.enabled ? <Badge tone="success">On</Badge> : <Badge tone="danger">Off</Badge>}
      </div>
      {!endpoint.enabled && endpoint.disabledReason ? (
        <p
          role="note"
          css={(theme) => ({
            margin: 0,
            fontSize: theme.font.size.sm,
            color: theme.color.danger,
            overflowWrap: 'anywhere',
          })}
        >
          {endpoint.disabledReason}
        </p>
      ) : null}
      <dl
        css={(theme) => ({
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          gap: `${theme.space(1)} ${theme.space(3)}`,
          fontSize: theme.font.size.sm,
          dt: { color: theme.color.textMuted },
          dd: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
        })}
      >
        <dt>Events</dt>
        <dd>
          {endpoint.events.map((e) => (
            <code key={e} css={{ marginRight: '0.5rem', display: 'inline-block' }}>
              {e}
            </code>
          ))}
        </dd>
        <dt>Secret</dt>
        <dd>
          <code>{endpoint.secretHint}...</code>
        </dd>
      </dl>
      <div css={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <Button
          size="sm"
          disabled={busy || !endpoint.enabled}
          onClick={() =>
            void run(
              () => test.mutateAsync(endpoint.id),
              'Test event queued: it shows in the log below within seconds.',
              'The test event could not be sent.',
            )
          }
        >
          {test.isPending ? 'Sending...' : 'Send test event'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void run(
              () => update.mutateAsync({ id: endpoint.id, patch: { enabled: !endpoint.enabled } }),
              endpoint.enabled
                ? 'Endpoint turned off: no events are sent to it.'
                : 'Endpoint turned back on: waiting events are sent again.',
              'The endpoint could not be changed.',
            )
          }
        >
          {endpoint.enabled ? 'Turn off' : 'Turn back on'}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setConfirm('rotate')}>
          Rotate secret
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => setConfirm('delete')}
          css={(theme) => ({ color: theme.color.danger })}
        >
          Delete
        </Button>
      </div>
      <p
        role={outcome.kind === 'failed' ? 'alert' : 'status'}
        css={(theme) => ({
          margin: 0,
          minHeight: '1.25rem',
          fontSize: theme.font.size.sm,
          color: outcome.kind === 'failed' ? theme.color.danger : theme.color.success,
        })}
      >
        {outcome.kind === 'idle' ? '' : outcome.message}
      </p>
      <details open>
        <summary css={{ cursor: 'pointer', fontWeight: 600 }}>Delivery log</summary>
        <div css={(theme) => ({ marginTop: theme.space(2) })}>
          <WebhookDeliveryLog endpointId={endpoint.id} />
        </div>
      </details>
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the signing secret?"
        message="A new secret signs every event from now on (retries too); the current one stops working at once. Update your endpoint with the new secret."
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          void run(
            async () => onSecret(await rotate.mutateAsync(endpoint.id)),
            'Secret rotated.',
            'The secret could not be rotated.',
          );
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this endpoint?"
        message={`No more events go to ${endpoint.url}, and its delivery log is deleted.`}
        confirmLabel="Delete endpoint"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          void run(() => remove.mutateAsync(endpoint.id), 'Endpoint deleted.', 'The endpoint could not be deleted.');
        }}
      />
    </Card>
  );
}
