import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../testing/test-database';
import { onboardingSchema } from '@beabro/shared/schemas/onboarding';
import { createCreatorProfile } from '../creator-profile/creator-profile-service';
import { insertUser } from '../users/user-repository';
import type { MoneyDeps } from './money-deps';
import { insertAttempt } from './payment-attempts-repository';
import {
  createPaymentEventDispatcher,
  intentEvent,
  type PaymentEvent,
  type PaymentEventHandlers,
} from './payment-events';
import type { PaymentIntent, PaymentProvider } from './payment-provider';

let database: Database;
let creatorId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const creator = await insertUser(database.db, {
    email: `events-${randomUUID()}@example.com`,
    passwordHash: 'x',
    displayName: 'Events',
    userType: 'creator',
  });
  const username = `events${Date.now().toString(36)}`;
  const profile = onboardingSchema.parse({ displayName: 'Events', username, bio: 'Bio', creatorType: 'other' });
  await createCreatorProfile(database.db, creator.id, profile, new Date());
  creatorId = creator.id;
});
afterAll(async () => {
  await database.close();
});

/** Handlers that only record what they were given. */
function recordingHandlers() {
  const calls: string[] = [];
  const handlers: PaymentEventHandlers = {
    intent: {
      checkout: async (_deps, attempt, intent) => void calls.push(`checkout ${attempt.id} ${intent.id}`),
      renewal: async (_deps, attempt, intent) => void calls.push(`renewal ${attempt.id} ${intent.id}`),
    },
    dispute: async (_deps, report, _at, eventAt) => {
      calls.push(`dispute ${report.id} ${eventAt.toISOString()}`);
      return 'applied';
    },
    refund: async (_deps, report) => void calls.push(`refund ${report.chargeId} ${report.amountRefundedCents}`),
    refundFailure: async (_deps, report) =>
      void calls.push(`refund failure ${report.refundId} ${report.failureReason}`),
    fraudWarning: async (_deps, warning) => void calls.push(`fraud warning ${warning.id} ${warning.chargeId}`),
    account: async (_deps, accountId, status, _at, eventAt) => {
      calls.push(`account ${accountId} ${status.payoutsEnabled} ${eventAt.toISOString()}`);
      // An account the test calls "acct_stale" already had a newer event applied.
      return accountId === 'acct_stale' ? 'stale' : 'applied';
    },
    payout: async (_deps, payout, _at, eventAt) => {
      calls.push(`payout ${payout.id} ${payout.status} ${eventAt.toISOString()}`);
      return 'applied';
    },
    cardSetup: async (_deps, setupId) => {
      calls.push(`card setup ${setupId}`);
      // A setup the test calls "seti_stale" was started before the one whose card the support keeps.
      return setupId === 'seti_stale' ? 'stale' : 'applied';
    },
  };
  return { calls, handlers };
}

/** A provider that knows one intent; the dispatcher only asks it to read intents back. */
function depsWith(intent: PaymentIntent | null): MoneyDeps {
  const provider = {
    name: `test-${randomUUID()}`,
    retrieveIntent: async (id: string) => (intent && intent.id === id ? intent : null),
  } as unknown as PaymentProvider;
  return { db: database.db, provider, appSecret: 'x'.repeat(32), origin: 'http://localhost' };
}

function intentOf(id: string): PaymentIntent {
  return { id, status: 'succeeded' } as unknown as PaymentIntent;
}

async function attemptFor(purpose: 'checkout' | 'renewal', intentId: string): Promise<string> {
  const id = randomUUID();
  await insertAttempt(database.db, {
    id,
    idempotencyKey: `test:${id}`,
    purpose,
    requestFingerprint: id,
    request: {},
    creatorId,
    amountCents: 500,
    currency: 'usd',
    provider: 'test',
    providerIntentId: intentId,
    createdAt: new Date(),
  });
  return id;
}

describe('the payment event dispatcher', () => {
  it('hands an intent to the module of the attempt it belongs to, read back from the provider', async () => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createPaymentEventDispatcher(handlers);
    const checkoutIntent = `pi_${randomUUID()}`;
    const renewalIntent = `pi_${randomUUID()}`;
    const checkout = await attemptFor('checkout', checkoutIntent);
    const renewal = await attemptFor('renewal', renewalIntent);

    await dispatch(
      depsWith(intentOf(checkoutIntent)),
      intentEvent({ id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', intentId: checkoutIntent }),
    );
    await dispatch(
      depsWith(intentOf(renewalIntent)),
      intentEvent({ id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', intentId: renewalIntent }),
    );

    expect(calls).toEqual([`checkout ${checkout} ${checkoutIntent}`, `renewal ${renewal} ${renewalIntent}`]);
  });

  it('hands each other kind to its handler, and acknowledges the rest', async () => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createPaymentEventDispatcher(handlers);
    const deps = depsWith(null);
    const envelope = () => ({ id: `evt_${randomUUID()}`, type: 'test.event' });
    const createdAt = new Date('2026-03-02T10:00:00Z');
    const status = {
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      transfersActive: true,
      requirementsDue: [],
      disabledReason: null,
    };
    const events: PaymentEvent[] = [
      {
        ...envelope(),
        kind: 'dispute',
        createdAt,
        dispute: {
          id: 'dp_1',
          chargeId: 'ch_1',
          amountCents: 500,
          reason: 'fraudulent',
          status: 'needs_response',
          withdrawnCents: 500,
          feeCents: 1500,
          reinstatedCents: 0,
          openedAt: new Date(),
        },
      },
      { ...envelope(), kind: 'refund', refund: { chargeId: 'ch_2', amountRefundedCents: 200 } },
      {
        ...envelope(),
        kind: 'refund_failure',
        failure: {
          refundId: 're_1',
          chargeId: 'ch_2',
          amountCents: 200,
          failureReason: 'lost_or_stolen_card',
          idempotencyKey: null,
        },
      },
      { ...envelope(), kind: 'account', createdAt, accountId: 'acct_1', status },
      {
        ...envelope(),
        kind: 'payout',
        createdAt,
        payout: {
          id: 'po_1',
          accountId: 'acct_1',
          amountCents: 950,
          currency: 'usd',
          status: 'paid',
          arrivalDate: null,
          balanceTransactionId: null,
          failureCode: null,
          failureMessage: null,
          createdAt: new Date(),
        },
      },
      { ...envelope(), kind: 'card_setup', setupId: 'seti_1' },
      { ...envelope(), kind: 'other' },
    ];
    for (const event of events) expect(await dispatch(deps, event)).toEqual({ duplicate: false, stale: false });

    // The ordered kinds get the event's creation time.
    expect(calls).toEqual([
      'dispute dp_1 2026-03-02T10:00:00.000Z',
      'refund ch_2 200',
      'refund failure re_1 lost_or_stolen_card',
      'account acct_1 true 2026-03-02T10:00:00.000Z',
      'payout po_1 paid 2026-03-02T10:00:00.000Z',
      'card setup seti_1',
    ]);
    const stale: PaymentEvent = { ...envelope(), kind: 'card_setup', setupId: 'seti_stale' };
    expect(await dispatch(deps, stale)).toEqual({ duplicate: false, stale: true });
    expect(await dispatch(deps, stale)).toEqual({ duplicate: true, stale: false });
    expect(calls.at(-1)).toBe('card setup seti_stale');
  });

  it('records an event its handler found older than the one applied, so a redelivery is a duplicate', async () => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createPaymentEventDispatcher(handlers);
    const deps = depsWith(null);
    const event: PaymentEvent = {
      id: `evt_${randomUUID()}`,
      type: 'account.updated',
      kind: 'account',
      createdAt: new Date('2026-03-02T09:00:00Z'),
      accountId: 'acct_stale',
      status: {
        detailsSubmitted: true,
        chargesEnabled: false,
        payoutsEnabled: false,
        transfersActive: false,
        requirementsDue: [],
        disabledReason: null,
      },
    };

    expect(await dispatch(deps, event)).toEqual({ duplicate: false, stale: true });
    expect(await dispatch(deps, event)).toEqual({ duplicate: true, stale: false });

    expect(calls).toEqual(['account acct_stale false 2026-03-02T09:00:00.000Z']);
  });

  it('handles an event once by its id: a redelivery is answered as a duplicate and reaches no handler', async () => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createPaymentEventDispatcher(handlers);
    const deps = depsWith(null);
    const event: PaymentEvent = {
      id: `evt_${randomUUID()}`,
      type: 'charge.refunded',
      kind: 'refund',
      refund: { chargeId: 'ch_3', amountRefundedCents: 100 },
    };

    expect(await dispatch(deps, event)).toEqual({ duplicate: false, stale: false });
    expect(await dispatch(deps, event)).toEqual({ duplicate: true, stale: false });

    expect(calls).toEqual(['refund ch_3 100']);
  });

  it('records an intent event whose intent the provider no longer knows, without a handler', async () => {
    const { calls, handlers } = recordingHandlers();
    const dispatch = createPaymentEventDispatcher(handlers);
    const event = intentEvent({ id: `evt_${randomUUID()}`, type: 'payment_intent.canceled', intentId: 'pi_gone' });

    expect(await dispatch(depsWith(null), event)).toEqual({ duplicate: false, stale: false });

    expect(calls).toEqual([]);
  });
});
