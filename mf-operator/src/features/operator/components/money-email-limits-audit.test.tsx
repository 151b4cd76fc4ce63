import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { auditEntry } from '../../../testing/fixtures';
import { renderConsole } from '../../../testing/render-console';

vi.setConfig({ testTimeout: 20_000 });

const money = {
  disputes: [
    {
      id: 'dp_1',
      supportId: '3a9e0c1d-2b4f-4e6a-8c7d-5f1e2d3c4b5a',
      creatorUsername: 'maya',
      amountCents: 2500,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      dueBy: '2026-12-10T00:00:00.000Z',
      createdAt: '2026-12-01T00:00:00.000Z',
      closedAt: null,
    },
  ],
  // With Stripe a payout is Stripe's (po_...) and covers no week; a weekly payout (the sandbox) covers one.
  failedPayouts: [
    {
      id: 'po_1QwXyz2eZvKYlo2C',
      username: 'maya',
      weekStart: null,
      amountCents: 2890,
      currency: 'usd',
      status: 'failed',
      holdReason: null,
      createdAt: '2026-12-01T10:00:00.000Z',
    },
  ],
  heldPayouts: [
    {
      id: '7b2e9d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c',
      username: 'sam',
      weekStart: '2026-11-23',
      amountCents: 1000,
      currency: 'usd',
      status: 'held',
      holdReason: 'Payouts are held while this account is suspended.',
      createdAt: '2026-12-01T10:00:00.000Z',
    },
  ],
  pendingRefunds: [],
  stuckItems: [{ kind: 'renewal', id: 'sub_9', attempts: 5, nextAttemptAt: null, lastError: 'card_declined' }],
  reconciliation: { ranAt: '2026-12-06T03:00:00.000Z', ok: false, differences: ['Charge ch_1 missing here'] },
  revenueByWeek: [
    {
      weekStart: '2026-11-30',
      revenue: [
        { currency: 'usd', revenueCents: 123_456 },
        { currency: 'gbp', revenueCents: 2_050 },
      ],
      supports: 42,
    },
  ],
};

describe('Money', () => {
  it('shows disputes with due dates, reconciliation and revenue, and retries a stuck item', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/operator/money': json(200, money),
      'POST /api/operator/money/stuck/renewal/sub_9/retry': json(200, { message: 'Retried: it went through.' }),
    });
    renderConsole('/operator/money');
    const disputes = await screen.findByRole('region', { name: 'Disputes' });
    expect(within(disputes).getByText('Dec 10, 2026, 12:00 AM UTC')).toBeInTheDocument();
    expect(screen.getByText('Charge ch_1 missing here')).toBeInTheDocument();
    // Revenue per currency, side by side: never one sum of dollars and pounds.
    expect(
      within(screen.getByRole('region', { name: 'Revenue by week' })).getByText('$1,234.56 · £20.50'),
    ).toBeInTheDocument();
    // Stripe's failed payout has no week: a dash, and the day it was recorded.
    const failed = within(screen.getByRole('region', { name: 'Failed payouts' })).getAllByRole('row');
    expect(failed[1]).toHaveTextContent('@maya—$28.90failed—Dec 1, 2026, 10:00 AM UTC');
    const held = within(screen.getByRole('region', { name: 'Held payouts' })).getAllByRole('row');
    expect(held[1]).toHaveTextContent('@samNov 23, 2026$10.00heldPayouts are held while this account is suspended.');
    await user.click(screen.getByRole('button', { name: 'Retry renewal sub_9' }));
    expect(await screen.findByText('Retried: it went through.')).toHaveFocus();
    expect(api.callsTo('POST', '/api/operator/money/stuck/renewal/sub_9/retry')).toHaveLength(1);
  });
});

describe('Email', () => {
  it('blocks a domain (checked first), and removes a suppressed address', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/operator/email': json(200, {
        bounces: [{ to: 'x@bad.test', subject: 'Welcome', at: '2026-12-01T00:00:00.000Z', error: 'mailbox full' }],
        suppressed: [{ email: 'x@bad.test', reason: 'bounce', at: '2026-12-01T00:00:00.000Z' }],
        blockedDomains: [],
      }),
      'POST /api/operator/email/blocked-domains': json(201, { domain: 'spam.test' }),
      'DELETE /api/operator/email/suppressed/:email': { status: 204 },
    });
    renderConsole('/operator/email');
    const domain = await screen.findByLabelText('Domain to block');
    await user.type(domain, 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Block domain' }));
    expect(await screen.findByText('Enter a domain like example.com.')).toBeInTheDocument();
    await user.clear(domain);
    await user.type(domain, 'Spam.test');
    await user.click(screen.getByRole('button', { name: 'Block domain' }));
    expect(await screen.findByText('Sign-ups from spam.test are blocked.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/operator/email/blocked-domains')[0]?.body).toEqual({ domain: 'spam.test' });

    await user.click(screen.getByRole('button', { name: 'Remove x@bad.test from the suppression list' }));
    expect(await screen.findByText('Emails to x@bad.test are sent again.')).toHaveFocus();
    expect(
      api.calls.some((c) => c.method === 'DELETE' && c.pathname === '/api/operator/email/suppressed/x%40bad.test'),
    ).toBe(true);
  });
});

describe('Limits', () => {
  it('unblocks a blocked key', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/operator/limits': json(200, {
        counters: [{ key: 'sign-in:203.0.113.7', count: 30, windowStart: '2026-12-06T05:00:00.000Z', blocked: true }],
        backoffs: [],
        fraudAlerts: [
          {
            at: '2026-12-06T04:00:00.000Z',
            kind: 'card_testing',
            key: 'creator:c1',
            detail: '12 declined payments in 10 minutes',
            blockedUntil: '2026-12-06T04:10:00.000Z',
          },
          {
            at: '2026-12-06T03:00:00.000Z',
            kind: 'card_testing',
            key: 'ip:198.51.100.0/24',
            detail: '5 declined payments in 10 minutes',
            blockedUntil: null,
          },
          {
            at: '2026-12-06T02:00:00.000Z',
            kind: 'early_fraud_warning',
            key: 'support:s1',
            detail: 'Early fraud warning on a support: refunded in full.',
            blockedUntil: null,
          },
        ],
      }),
      'POST /api/operator/limits/unblock': json(200, { message: 'Unblocked.' }),
    });
    renderConsole('/operator/limits');
    expect(await screen.findByText('12 declined payments in 10 minutes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock sign-in:203.0.113.7' }));
    expect(await screen.findByText('sign-in:203.0.113.7 is unblocked.')).toHaveFocus();
    expect(api.callsTo('POST /api/operator/limits/unblock')[0]?.body).toEqual({ key: 'sign-in:203.0.113.7' });

    // A card-testing key that still refuses payments can be unblocked; one open again or a warning cannot.
    const alerts = within(screen.getByRole('table', { name: 'Fraud alerts' }));
    expect(alerts.getAllByRole('row')[1]).toHaveTextContent(/Card testing.*Blocked until/);
    expect(alerts.getByRole('row', { name: /Early fraud warning/ })).toHaveTextContent('Refunded');
    expect(alerts.getAllByRole('button')).toHaveLength(1);
    await user.click(alerts.getByRole('button', { name: 'Unblock creator:c1' }));
    expect(await screen.findByText('creator:c1 is unblocked.')).toHaveFocus();
    expect(api.callsTo('POST /api/operator/limits/unblock')[1]?.body).toEqual({ key: 'creator:c1' });
  });
});

describe('Audit log', () => {
  it('pages to older entries and offers the CSV', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/operator/audit': json(200, { entries: [auditEntry(60), auditEntry(59)], nextBefore: 59 }),
      'GET /api/operator/audit?before=59': json(200, { entries: [auditEntry(58)], nextBefore: null }),
    });
    renderConsole('/operator/audit');
    expect(await screen.findByText('Entry 60')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/operator/audit.csv');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Entry 58')).toBeInTheDocument();
    expect(screen.getByText('Entry 60')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/operator/audit?before=59')).toHaveLength(1);
  });
});
