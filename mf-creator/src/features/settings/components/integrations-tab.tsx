import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useWebhookEndpoints } from '@beabro/shared/api/get-webhook-endpoints';
import { WEBHOOK_MAX_ENDPOINTS, type WebhookEndpointWithSecret } from '@beabro/shared/api-schemas/webhooks';
import { Button } from '@beabro/shared/ui/button';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { paths } from '@beabro/shared/contract/paths';
import { TabHeading } from './section-heading';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookEndpointForm } from './webhook-endpoint-form';
import { WebhookSecretNotice } from './webhook-secret-notice';

/** Settings > Integrations: signed webhooks to the creator's own tools (Discord bots, Zapier, a spreadsheet...). */
export function IntegrationsTab() {
  const query = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ shown: WebhookEndpointWithSecret; rotated: boolean } | null>(null);

  return (
    <section aria-labelledby="settings-integrations-heading" css={{ minWidth: 0 }}>
      <TabHeading id="settings-integrations-heading" title="Integrations">
        Webhooks send an event to your own server each time something happens: a new support, a monthly support started
        or canceled, a payout. Each one is signed so you can check it came from us.{' '}
        <Link to={`${paths.help}?q=webhook`}>How webhooks work and how to verify them</Link>.
      </TabHeading>
      {secret ? (
        <div css={(theme) => ({ marginBottom: theme.space(5) })}>
          <WebhookSecretNotice
            secret={secret.shown.secret}
            url={secret.shown.endpoint.url}
            rotated={secret.rotated}
            onDone={() => setSecret(null)}
          />
        </div>
      ) : null}
      {query.isPending ? (
        <LoadingStatus label="Loading your webhook endpoints..." />
      ) : query.isError ? (
        <LoadError error={query.error} what="your webhook endpoints" onRetry={() => void query.refetch()} />
      ) : (
        <div css={(theme) => ({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.space(5) })}>
          {query.data.length === 0 && !adding ? (
            <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>No endpoints yet.</p>
          ) : null}
          {query.data.map((endpoint) => (
            <WebhookEndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onSecret={(shown) => setSecret({ shown, rotated: true })}
            />
          ))}
          {adding || query.data.length === 0 ? (
            <div css={(theme) => ({ borderTop: `1px solid ${theme.color.border}`, paddingTop: theme.space(5) })}>
              <h3 css={(theme) => ({ margin: `0 0 ${theme.space(4)}`, fontSize: theme.font.size.lg })}>
                Add an endpoint
              </h3>
              <WebhookEndpointForm
                onCreated={(shown) => {
                  setSecret({ shown, rotated: false });
                  setAdding(false);
                }}
                {...(query.data.length > 0 ? { onCancel: () => setAdding(false) } : {})}
              />
            </div>
          ) : query.data.length < WEBHOOK_MAX_ENDPOINTS ? (
            <div>
              <Button variant="secondary" onClick={() => setAdding(true)}>
                Add an endpoint
              </Button>
            </div>
          ) : (
            <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
              You have {WEBHOOK_MAX_ENDPOINTS} endpoints, the most there can be. Delete one to add another.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
