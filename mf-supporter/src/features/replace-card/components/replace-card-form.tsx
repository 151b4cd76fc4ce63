import { Suspense, lazy, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@beabro/shared/api/api-client';
import {
  CARD_CHANGE_MESSAGES,
  type CardChangeResponse,
  type CardSetupStart,
  type PaymentAction,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';
import type { CardFieldHandle, CardFieldResult } from '@beabro/shared/payments/card-field-client';
import { Button } from '@beabro/shared/ui/button';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { SandboxCardField } from '@beabro/shared/ui/payments/sandbox-card-field';
import { completeCardChange, confirmRetriedRenewal, startCardChange, type CardChangeTarget } from '../api/replace-card';
import { PaymentChallenge } from './payment-challenge';

/** Stripe's field and client: a chunk of their own, loaded only when the card is replaced with Stripe. */
const StripeCardField = lazy(() => import('@beabro/shared/ui/payments/stripe-card-field'));

const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';
export const CARD_FIELD_ID = 'replace-card-field';
const CARD_ERROR_ID = 'replace-card-error';

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** What the page says once the card is replaced (and a failing renewal charged with it, or not). */
export interface CardChangeOutcome {
  tone: 'success' | 'danger';
  message: string;
  subscription: SubscriptionDto;
}

export function outcomeOf(response: CardChangeResponse): CardChangeOutcome {
  const { subscription, card, retry } = response;
  const saved = `Card saved: your ${card.brand} ending in ${card.last4}`;
  if (retry?.status === 'paid')
    return {
      tone: 'success',
      message: `${saved} was charged and your monthly support to ${subscription.creatorDisplayName} is active again.`,
      subscription,
    };
  if (retry?.status === 'failed') {
    const next = subscription.nextChargeAt ? ` We will try again on ${formatDate(subscription.nextChargeAt)}.` : '';
    return {
      tone: 'danger',
      message: `${CARD_CHANGE_MESSAGES.retryFailed} ${retry.message}${next} You can try another card.`,
      subscription,
    };
  }
  const next = subscription.nextChargeAt ? ` from the next renewal, on ${formatDate(subscription.nextChargeAt)}` : '';
  return { tone: 'success', message: `${saved} is charged${next}.`, subscription };
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? (error.fieldErrors.setupId ?? error.message) : OFFLINE;
}

/**
 * Replacing the card of a monthly support in the provider's own card field in setup mode (the card never reaches our
 * pages or API). A support whose renewal is being retried is charged at once with the new card; when the bank asks,
 * its challenge is answered here too.
 */
export function ReplaceCardForm({
  target,
  subscription,
  onDone,
  onCancel,
}: {
  target: CardChangeTarget;
  subscription: SubscriptionDto;
  onDone: (outcome: CardChangeOutcome) => void;
  onCancel?: () => void;
}) {
  const field = useRef<CardFieldHandle>(null);
  const [setup, setSetup] = useState<CardSetupStart | null>(null);
  const [challenge, setChallenge] = useState<{
    token: string;
    payment: PaymentAction;
    saved: CardChangeResponse;
  } | null>(null);
  const [busy, setBusy] = useState<'starting' | 'saving' | 'confirming' | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const retrying = subscription.status === 'past_due';
  // The card is typed in the provider's own field (it never reaches this page): the form has no field of its own
  // to check, and react-hook-form runs its submit.
  const { handleSubmit } = useForm();

  const start = async () => {
    setError(undefined);
    setBusy('starting');
    try {
      setSetup(await startCardChange(target));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    const handle = field.current;
    if (!setup || !handle) return;
    setError(undefined);
    setBusy('saving');
    try {
      const result = await handle.confirm(setup.setupId, setup.clientSecret);
      if (result.status !== 'succeeded') {
        setError(result.message ?? CARD_CHANGE_MESSAGES.notSaved);
        document.getElementById(CARD_FIELD_ID)?.focus();
        return;
      }
      const saved = await completeCardChange(target, setup.setupId);
      if (saved.retry?.status === 'requires_action')
        setChallenge({ token: saved.retry.confirmToken, payment: saved.retry.payment, saved });
      else onDone(outcomeOf(saved));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };

  const answered = async (result: CardFieldResult) => {
    if (!challenge) return;
    const failed = (message: string) =>
      onDone({
        tone: 'danger',
        message: `${CARD_CHANGE_MESSAGES.retryFailed} ${message}`,
        subscription: challenge.saved.subscription,
      });
    if (result.status === 'failed' || result.status === 'invalid') {
      failed(result.message ?? 'Your bank did not confirm the payment.');
      return;
    }
    setBusy('confirming');
    try {
      const confirmed = await confirmRetriedRenewal(challenge.token);
      if (confirmed.status === 'paid')
        onDone(
          outcomeOf({
            ...challenge.saved,
            retry: { status: 'paid' },
            subscription: { ...challenge.saved.subscription, status: 'active', needsConfirmation: false },
          }),
        );
      else setError('Your bank has not confirmed the payment yet. Answer its check below.');
    } catch (caught) {
      failed(caught instanceof ApiError ? caught.message : OFFLINE);
    } finally {
      setBusy(null);
    }
  };

  if (challenge) {
    return (
      <div css={(theme) => ({ display: 'grid', gap: theme.space(3) })}>
        <p css={{ margin: 0 }}>
          Your new card is saved. Your bank asks you to confirm the payment of this month before it goes through.
        </p>
        {error ? (
          <OutcomeMessage tone="danger" role="alert">
            <p>{error}</p>
          </OutcomeMessage>
        ) : null}
        {busy === 'confirming' ? <p role="status">Recording your payment…</p> : null}
        <PaymentChallenge payment={challenge.payment} onResult={(result) => void answered(result)} autoStart />
      </div>
    );
  }

  if (!setup) {
    return (
      <div css={(theme) => ({ display: 'grid', gap: theme.space(3), justifyItems: 'start' })}>
        <Button onClick={() => void start()} disabled={busy !== null} aria-busy={busy !== null || undefined}>
          {busy === 'starting' ? 'Opening the card field…' : retrying ? 'Update card and retry' : 'Replace card'}
        </Button>
        {error ? (
          <OutcomeMessage tone="danger" role="alert">
            <p>{error}</p>
          </OutcomeMessage>
        ) : null}
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="New card"
      onSubmit={(event) => void handleSubmit(save)(event)}
      css={(theme) => ({ display: 'grid', gap: theme.space(3) })}
    >
      {setup.capabilities.cardField === 'stripe-elements' ? (
        <Suspense fallback={<p role="status">Loading the secure card field…</p>}>
          <StripeCardField
            ref={field}
            mode="setup"
            clientSecret={setup.clientSecret}
            publishableKey={setup.publishableKey}
            testMode={setup.testMode}
            fieldId={CARD_FIELD_ID}
            errorId={CARD_ERROR_ID}
            error={error}
          />
        </Suspense>
      ) : (
        <SandboxCardField ref={field} mode="setup" fieldId={CARD_FIELD_ID} errorId={CARD_ERROR_ID} error={error} />
      )}
      <div css={(theme) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) })}>
        <Button type="submit" disabled={busy !== null} aria-busy={busy === 'saving' || undefined}>
          {busy === 'saving' ? 'Saving…' : retrying ? 'Save card and retry the payment' : 'Save card'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy !== null}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
