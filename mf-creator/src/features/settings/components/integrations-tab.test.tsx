import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  WEBHOOK_MESSAGES,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@beabro/shared/api-schemas/webhooks';
import { mockApi } from '@beabro/shared/testing/msw';
import { renderArea } from '../../../testing/render-area';
import { IntegrationsTab } from './integrations-tab';

const endpoint = (overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id: '8f1f7c1e-2a34-4c7b-9a55-3c7e1b2d4f60',
  url: 'https://hooks.example.com/beabro',
  description: 'Discord bot',
  events: ['support.created'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretHint: 'whsec_AbCd',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
  id: '1e0c3e53-7d5b-4c59-8a4e-6f0b9b9d2a10',
  eventId: '2e0c3e53-7d5b-4c59-8a4e-6f0b9b9d2a10',
  eventType: 'support.created',
  status: 'delivered',
  attempts: 1,
  responseStatus: 200,
  responseExcerpt: 'ok',
  lastError: null,
  createdAt: '2026-11-21T09:30:00.000Z',
  lastAttemptAt: '2026-11-21T09:30:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-21T09:30:01.000Z',
  isTest: false,
  ...overrides,
});

const render = () => renderArea(<IntegrationsTab />, { path: '/settings', route: '/settings?tab=integrations' });
const logPath = (id: string) => `GET /api/creator/webhooks/endpoints/${id}/deliveries`;

describe('IntegrationsTab', () => {
  it('lists endpoints with their delivery log: status and response code', async () => {
    const failing = endpoint({
      id: '9f1f7c1e-2a34-4c7b-9a55-3c7e1b2d4f61',
      url: 'https://down.example.com/x',
      enabled: false,
      disabledReason: 'Turned off after failing for 3 days. Last error: Answered 500',
    });
    mockApi({
      'GET /api/creator/webhooks/endpoints': { body: { endpoints: [endpoint(), failing] } },
      [logPath(endpoint().id)]: { body: { deliveries: [delivery()] } },
      [logPath(failing.id)]: {
        body: {
          deliveries: [
            delivery({
              id: '3e0c3e53-7d5b-4c59-8a4e-6f0b9b9d2a10',
              status: 'failed',
              attempts: 12,
              responseStatus: 500,
              lastError: 'Answered 500',
            }),
          ],
        },
      },
    });
    render();
    const first = await screen.findByRole('region', { name: 'Webhook endpoint https://hooks.example.com/beabro' });
    expect(within(first).getByText('On')).toBeInTheDocument();
    expect(within(first).getByText('Discord bot')).toBeInTheDocument();
    const okRow = await within(first).findByTestId('webhook-delivery');
    expect(okRow).toHaveTextContent('support.created');
    expect(okRow).toHaveTextContent('Delivered');
    expect(okRow).toHaveTextContent('HTTP 200');
    const second = screen.getByRole('region', { name: 'Webhook endpoint https://down.example.com/x' });
    expect(within(second).getByText('Off')).toBeInTheDocument();
    expect(within(second).getByRole('note')).toHaveTextContent('Turned off after failing for 3 days');
    expect(within(second).getByRole('button', { name: 'Send test event' })).toBeDisabled();
    const failedRow = await within(second).findByTestId('webhook-delivery');
    expect(failedRow).toHaveTextContent('Failed');
    expect(failedRow).toHaveTextContent('HTTP 500');
    expect(within(second).getByRole('button', { name: 'Turn back on' })).toBeEnabled();
  });

  it('checks the form, shows the API refusal next to the URL, then shows the secret once', async () => {
    const created = endpoint({
      url: 'https://good.example.com/hook',
      description: '',
      events: ['support.created', 'payout.paid'],
    });
    let posts = 0;
    const api = mockApi({
      'GET /api/creator/webhooks/endpoints': () => ({ body: { endpoints: posts > 1 ? [created] : [] } }),
      [logPath(created.id)]: { body: { deliveries: [] } },
      'POST /api/creator/webhooks/endpoints': () => {
        posts++;
        return posts === 1
          ? {
              status: 400,
              body: { message: WEBHOOK_MESSAGES.urlPrivate, fieldErrors: { url: WEBHOOK_MESSAGES.urlPrivate } },
            }
          : { status: 201, body: { endpoint: created, secret: 'whsec_the-one-time-secret' } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('checkbox', { name: /support\.created/ }));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /support\.created/ }));
    await user.click(screen.getByRole('checkbox', { name: /payout\.paid/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findAllByText(WEBHOOK_MESSAGES.urlPrivate)).not.toHaveLength(0);
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Endpoint URL'));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://good.example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_the-one-time-secret');
    expect(api.callsTo('POST', '/api/creator/webhooks/endpoints')[1]?.body).toEqual({
      url: 'https://good.example.com/hook',
      description: '',
      events: ['support.created', 'payout.paid'],
    });
    expect(
      await screen.findByRole('region', { name: 'Webhook endpoint https://good.example.com/hook' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I saved it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument());
  });

  it('sends a test event and shows it in the log', async () => {
    const queued = delivery({
      id: '4e0c3e53-7d5b-4c59-8a4e-6f0b9b9d2a10',
      eventType: 'webhook.test',
      status: 'pending',
      attempts: 0,
      responseStatus: null,
      nextAttemptAt: new Date().toISOString(),
      isTest: true,
    });
    const api = mockApi({
      'GET /api/creator/webhooks/endpoints': { body: { endpoints: [endpoint()] } },
      [logPath(endpoint().id)]: { body: { deliveries: [] } },
      [`POST /api/creator/webhooks/endpoints/${endpoint().id}/test`]: { status: 202, body: { delivery: queued } },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No deliveries yet. Send a test event to try the endpoint.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event queued: it shows in the log below within seconds.')).toBeInTheDocument();
    const row = await screen.findByTestId('webhook-delivery');
    expect(row).toHaveTextContent('webhook.test');
    expect(row).toHaveTextContent('Queued');
    expect(api.callsTo('POST', `/api/creator/webhooks/endpoints/${endpoint().id}/test`)).toHaveLength(1);
  });

  it('rotates the secret after confirming, and shows the new one', async () => {
    mockApi({
      'GET /api/creator/webhooks/endpoints': { body: { endpoints: [endpoint()] } },
      [logPath(endpoint().id)]: { body: { deliveries: [] } },
      [`POST /api/creator/webhooks/endpoints/${endpoint().id}/rotate-secret`]: {
        body: { endpoint: endpoint({ secretHint: 'whsec_ZzZz' }), secret: 'whsec_brand-new' },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_brand-new');
    expect(screen.getByText(/The old secret stopped working/)).toBeInTheDocument();
  });
});
