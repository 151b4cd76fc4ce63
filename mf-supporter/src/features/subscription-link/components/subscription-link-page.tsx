import { formatMoney } from '@beabro/shared/money/currencies';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import {
  CANCEL_LINK_ACTIONS,
  CANCEL_LINK_ERRORS,
  CANCEL_LINK_PAGE_PATH,
  CARD_SECTION_ID,
  PAUSE_CHOICES,
  PAUSE_SECTION_ID,
  SUBSCRIPTION_MESSAGES,
  type CancelLinkAction,
  type CancelLinkError,
  type PauseChoice,
  type PauseMonths,
  type SubscriptionDto,
} from '@beabro/shared/api-schemas/subscriptions';
import { Button } from '@beabro/shared/ui/button';
import { EmailLinkPage, LinkCheckPending } from '@beabro/shared/ui/email-link-page';
import { OutcomeMessage } from '@beabro/shared/ui/outcome-message';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { changeSubscriptionByLink } from '@beabro/shared/api/change-subscription';
import { useQueryClient } from '@tanstack/react-query';
import { CancelMonthlyDialog } from '../../../components/cancel-monthly-dialog';
import { ChangeMonthlyForm, changedMessage } from '../../change-monthly/components/change-monthly-form';
import { ReplaceCardForm } from '../../replace-card/components/replace-card-form';
import {
  subscriptionLinkPageQueryKey,
  useSubscriptionLink,
  useSubscriptionLinkAction,
  type SubscriptionLink,
  type SubscriptionLinkRequest,
} from '../api/get-subscription-link';
import { actionsFor, isOutcomeOf, longDate, outcomeOf } from '../utils/describe-monthly-support';

const TITLE = 'Pause or cancel monthly support';
const TRY_AGAIN = 'Something went wrong on our side. Please try again.';
const OFFLINE = 'We could not reach Be a Bro. Check your connection and try again.';
const CHOICE_LABELS: Record<PauseChoice, string> = {
  '1': '1 month',
  '2': '2 months',
  '3': '3 months',
  'until-resumed': 'Until I resume it',
};

function errorText(key: CancelLinkError): string {
  return key === 'failed' ? TRY_AGAIN : SUBSCRIPTION_MESSAGES[key];
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : OFFLINE;
}

function parseEnum<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** The support in words: who, how much, and what happens next. */
function Description({ subscription }: { subscription: SubscriptionDto }) {
  const who = (
    <>
      <strong>{formatMoney(subscription.amountCents, subscription.currency)}/month</strong> to{' '}
      <Link to={paths.profile(subscription.creatorUsername)}>{subscription.creatorDisplayName}</Link>
    </>
  );
  if (subscription.status === 'lapsed') {
    return (
      <p css={{ margin: 0 }}>
        Your monthly support of {who} has ended{subscription.endsAt ? ` on ${longDate(subscription.endsAt)}` : ''}: its
        renewal could not be charged. Nothing more is charged. You can support {subscription.creatorDisplayName} again
        from their page.
      </p>
    );
  }
  if (subscription.status === 'canceled' || subscription.cancelAtPeriodEnd) {
    const ended = subscription.status === 'canceled';
    return (
      <p css={{ margin: 0 }}>
        Your monthly support of {who} is cancelled.
        {subscription.endsAt
          ? ended
            ? ` It ended on ${longDate(subscription.endsAt)}.`
            : ` It ends on ${longDate(subscription.endsAt)}, with no further charge.`
          : ''}
      </p>
    );
  }
  if (subscription.status === 'paused') {
    return (
      <>
        <p css={{ margin: 0 }}>
          Your monthly support of {who} is <strong>paused</strong>
          {subscription.pausedUntil
            ? ` until ${longDate(subscription.pausedUntil)}, when it resumes by itself with the next charge`
            : ' until you resume it'}
          . Nothing is charged while it is paused.
        </p>
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
          If you resume it within the month you paid for, the next charge is at its end; later, the month you resume in
          is charged that day, then monthly as before. A month is never charged twice.
        </p>
      </>
    );
  }
  if (subscription.status === 'past_due') {
    return (
      <p css={{ margin: 0 }}>
        You support {who}. Its last renewal could not be charged
        {subscription.nextChargeAt ? `; we will try again on ${longDate(subscription.nextChargeAt)}` : ''}. You can
        cancel it now: nothing more is charged.
      </p>
    );
  }
  return (
    <>
      <p css={{ margin: 0 }}>
        You support {who}. The next charge is on {longDate(subscription.nextChargeAt ?? subscription.currentPeriodEnd)}.
      </p>
      <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
        If you cancel, nothing more is charged. The month you already paid for still counts for the creator.
      </p>
    </>
  );
}

interface ActionFormProps {
  token: string;
  action: CancelLinkAction;
  onSubmit: (request: SubscriptionLinkRequest) => void;
  children: ReactNode;
}

interface ActionValues {
  /** The pause form's choice (its radios register themselves, see PauseChoiceField). */
  months: PauseChoice;
}

/** One action as a real form: posted by the page's script, or by the browser itself with JavaScript off. */
function ActionForm({ token, action, onSubmit, children }: ActionFormProps) {
  const form = useForm<ActionValues>({ defaultValues: { months: PAUSE_CHOICES[0] } });
  const submit = form.handleSubmit(({ months }) => {
    if (action !== 'pause') return onSubmit({ action });
    onSubmit({ action, months: months === 'until-resumed' ? null : (Number(months) as PauseMonths) });
  });
  return (
    <FormProvider {...form}>
      <form
        method="post"
        action={CANCEL_LINK_PAGE_PATH}
        onSubmit={(event) => void submit(event)}
        css={(theme) => ({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: theme.space(3) })}
      >
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="action" value={action} />
        {children}
      </form>
    </FormProvider>
  );
}

/** One choice of the pause form: the first is checked in the server's HTML too, so the form posts without JavaScript. */
function PauseChoiceField({ choice, first }: { choice: PauseChoice; first: boolean }) {
  const { register } = useFormContext<ActionValues>();
  return (
    <input
      type="radio"
      value={choice}
      defaultChecked={first}
      {...register('months')}
      css={{ width: '1.1rem', height: '1.1rem', margin: 0 }}
    />
  );
}

/**
 * A link ending in a section's hash (#card, #pause): once the section is shown, go to it and focus its heading.
 * Not in the frame the support arrives in but in the one after it is painted: the browser counts an element that
 * a jump should have brought into view but the page moved on as shifted (the footer, below the loading state,
 * while the support fills the page), so the page fills in at the top, then scrolls, and nothing shifts.
 */
function useArrivalAtSection(ready: boolean, sectionId: string, headingId: string) {
  useEffect(() => {
    if (!ready) return;
    let next = 0;
    const painted = requestAnimationFrame(() => {
      next = requestAnimationFrame(() => {
        const section = document.getElementById(sectionId);
        if (typeof section?.scrollIntoView === 'function') section.scrollIntoView({ block: 'start' });
        document.getElementById(headingId)?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(painted);
      cancelAnimationFrame(next);
    };
  }, [ready, sectionId, headingId]);
}

/**
 * /subscriptions/cancel?token=...: the page behind the link in every monthly receipt. Anyone with the link
 * (guests included) sees the support and changes its amount or card, pauses, resumes or cancels it (after a
 * confirmation), without signing in. Opening it changes nothing (mail scanners open links): only the buttons act.
 * It is rendered in the browser, complete at once (`#card` and `#pause` open at their section): the token is read
 * from the browser's address, never from a server render, which shows "Checking your link…". A pause or resume
 * posted by the form fallback (POST /subscriptions/cancel) comes back here with `?done=` or `?error=`.
 */
export function SubscriptionLinkPage() {
  const [searchParams] = useSearchParams();
  // Null until the page runs in the browser: a server render (with or without the token) is the loading state.
  const hydrated = useHydrated();
  const token = hydrated ? (searchParams.get('token') ?? '') : null;
  const link = useSubscriptionLink(token);
  const linkToken = token ?? '';
  const act = useSubscriptionLinkAction(linkToken);
  useDocumentTitle(TITLE);

  // What the page's form (JavaScript off) did: only our own words, and a `done` only when it is true.
  const formDone = parseEnum(searchParams.get('done'), CANCEL_LINK_ACTIONS);
  const formError = parseEnum(searchParams.get('error'), CANCEL_LINK_ERRORS);
  const formErrorAction = parseEnum(searchParams.get('action'), CANCEL_LINK_ACTIONS) ?? 'cancel';
  const [done, setDone] = useState<CancelLinkAction | null>(null);
  const [failure, setFailure] = useState<{ action: CancelLinkAction; message: string } | null>(null);
  const [pending, setPending] = useState<CancelLinkAction | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState<{ target: 'outcome' | 'error'; n: number } | null>(null);
  const queryClient = useQueryClient();
  const [changed, setChanged] = useState<string | null>(null);
  const [cardOutcome, setCardOutcome] = useState<{ tone: 'success' | 'danger'; message: string } | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // Changing the amount and the card need the page's script (the creator's tiers, the provider's card field).
  const scripted = hydrated;

  // The receipt's "Pause monthly support instead" link ends in #pause: once the choices are there, go to them.
  const { hash } = useLocation();
  const pauseShown = link.data?.kind === 'found' && actionsFor(link.data.subscription).pause;
  useArrivalAtSection(hash === `#${PAUSE_SECTION_ID}` && pauseShown, PAUSE_SECTION_ID, 'pause-heading');

  // A failed renewal's email links to #card: once the page can replace the card, go to it.
  // Only with the page's script: the provider's card field needs it.
  const cardShown = scripted && link.data?.kind === 'found' && actionsFor(link.data.subscription).cancel;
  useArrivalAtSection(hash === `#${CARD_SECTION_ID}` && cardShown, CARD_SECTION_ID, 'card-heading');

  useEffect(() => {
    if (focusTick?.target === 'outcome') outcomeRef.current?.focus();
    if (focusTick?.target === 'error') errorRef.current?.focus();
  }, [focusTick]);

  const run = (request: SubscriptionLinkRequest, onDone?: () => void) => {
    setFailure(null);
    setDone(null);
    setChanged(null);
    setCardOutcome(null);
    setPending(request.action);
    act.mutate(request, {
      onSuccess: () => {
        onDone?.();
        setDone(request.action);
        setFocusTick((t) => ({ target: 'outcome', n: (t?.n ?? 0) + 1 }));
      },
      onError: (error) => {
        setFailure({ action: request.action, message: messageOf(error) });
        setFocusTick((t) => ({ target: 'error', n: (t?.n ?? 0) + 1 }));
      },
      onSettled: () => setPending(null),
    });
  };

  let body: ReactNode;
  const data = link.data;
  if (!data) {
    // As tall as the window while the link is checked: the footer stays below it, so the support arriving moves
    // nothing the visitor sees (no layout shift).
    body = (
      <div css={(theme) => ({ minHeight: '100vh', display: 'flex', flexDirection: 'column', gap: theme.space(4) })}>
        <LinkCheckPending error={link.isError ? messageOf(link.error) : null} onRetry={() => void link.refetch()} />
      </div>
    );
  } else if (data.kind === 'refused') {
    body = (
      <>
        <OutcomeMessage tone="danger" role="alert">
          <p>{SUBSCRIPTION_MESSAGES[data.reason]}</p>
        </OutcomeMessage>
        <p css={{ margin: 0 }}>
          <Link to={paths.signIn(`${paths.supporterDashboard}?tab=creators`)}>
            Sign in to manage your monthly supports
          </Link>
        </p>
      </>
    );
  } else {
    const subscription = data.subscription;
    const can = actionsFor(subscription);
    const shownDone = done ?? (formDone && isOutcomeOf(formDone, subscription) ? formDone : null);
    const errorFor = (action: CancelLinkAction) => {
      const message =
        failure?.action === action
          ? failure.message
          : !failure && !done && formError && formErrorAction === action
            ? errorText(formError)
            : null;
      return message ? (
        <OutcomeMessage tone="danger" role="alert" ref={errorRef}>
          <p>{message}</p>
        </OutcomeMessage>
      ) : null;
    };
    // A refusal for a button the page no longer offers (the support changed meanwhile): shown at the top.
    const orphanError = !failure && !done && formError && !can[formErrorAction] ? errorText(formError) : null;
    const busy = pending !== null;
    body = (
      <>
        {shownDone ? (
          <OutcomeMessage tone="success" role="status" ref={outcomeRef}>
            <p>{outcomeOf(shownDone, subscription)}</p>
          </OutcomeMessage>
        ) : null}
        {changed ? (
          <OutcomeMessage tone="success" role="status" ref={outcomeRef}>
            <p>{changed}</p>
          </OutcomeMessage>
        ) : null}
        {cardOutcome ? (
          <OutcomeMessage
            tone={cardOutcome.tone}
            role={cardOutcome.tone === 'success' ? 'status' : 'alert'}
            ref={outcomeRef}
          >
            <p>{cardOutcome.message}</p>
          </OutcomeMessage>
        ) : null}
        {orphanError ? (
          <OutcomeMessage tone="danger" role="alert">
            <p>{orphanError}</p>
          </OutcomeMessage>
        ) : null}
        <Description subscription={subscription} />
        {can.resume ? (
          <ActionForm token={linkToken} action="resume" onSubmit={run}>
            <Button type="submit" disabled={busy}>
              {pending === 'resume' ? 'Resuming…' : 'Resume my monthly support'}
            </Button>
            {errorFor('resume')}
          </ActionForm>
        ) : null}
        {scripted && can.cancel && subscription.status !== 'past_due' ? (
          <section
            aria-labelledby="change-heading"
            css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(3) })}
          >
            <h2 id="change-heading" css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>
              Change the amount
            </h2>
            <ChangeMonthlyForm
              key={`${subscription.amountCents}:${subscription.tierPosition ?? 'custom'}`}
              subscription={subscription}
              submit={(change) => changeSubscriptionByLink(linkToken, change)}
              onChanged={(next) => {
                const shown: SubscriptionLink = { kind: 'found', subscription: next };
                queryClient.setQueryData(subscriptionLinkPageQueryKey(linkToken), shown);
                setDone(null);
                setFailure(null);
                setChanged(changedMessage(next));
                setFocusTick((t) => ({ target: 'outcome', n: (t?.n ?? 0) + 1 }));
              }}
            />
          </section>
        ) : null}
        {cardShown ? (
          <section
            id={CARD_SECTION_ID}
            aria-labelledby="card-heading"
            css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(3) })}
          >
            <h2 id="card-heading" tabIndex={-1} css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>
              {subscription.status === 'past_due' ? 'Update your card' : 'Replace your card'}
            </h2>
            <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
              {subscription.status === 'past_due'
                ? 'Your new card is charged for the renewal that failed as soon as you save it.'
                : 'Renewals are charged to the new card from the next one. Nothing is charged now.'}
            </p>
            <ReplaceCardForm
              key={`${subscription.status}:${cardOutcome?.message ?? ''}`}
              target={{ token: linkToken }}
              subscription={subscription}
              onDone={(outcome) => {
                const shown: SubscriptionLink = { kind: 'found', subscription: outcome.subscription };
                queryClient.setQueryData(subscriptionLinkPageQueryKey(linkToken), shown);
                setDone(null);
                setFailure(null);
                setChanged(null);
                setCardOutcome({ tone: outcome.tone, message: outcome.message });
                setFocusTick((t) => ({ target: 'outcome', n: (t?.n ?? 0) + 1 }));
              }}
            />
          </section>
        ) : null}
        {can.pause ? (
          <section
            id={PAUSE_SECTION_ID}
            aria-labelledby="pause-heading"
            css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(3) })}
          >
            <h2 id="pause-heading" tabIndex={-1} css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>
              Pause instead
            </h2>
            <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
              Need a break? Nothing is charged while your monthly support is paused, and you can resume it any time.
            </p>
            <ActionForm token={linkToken} action="pause" onSubmit={run}>
              <fieldset
                disabled={busy}
                css={(theme) => ({
                  border: `1px solid ${theme.color.border}`,
                  borderRadius: theme.radius.md,
                  margin: 0,
                  padding: `${theme.space(2)} ${theme.space(4)} ${theme.space(3)}`,
                  minWidth: 0,
                })}
              >
                <legend css={(theme) => ({ fontWeight: theme.font.weight.medium, padding: `0 ${theme.space(1)}` })}>
                  Pause for
                </legend>
                {PAUSE_CHOICES.map((choice, index) => (
                  <label
                    key={choice}
                    css={(theme) => ({
                      display: 'flex',
                      alignItems: 'center',
                      gap: theme.space(2),
                      padding: `${theme.space(1.5)} 0`,
                      cursor: 'pointer',
                    })}
                  >
                    <PauseChoiceField choice={choice} first={index === 0} />
                    {CHOICE_LABELS[choice]}
                  </label>
                ))}
              </fieldset>
              <Button type="submit" disabled={busy}>
                {pending === 'pause' ? 'Pausing…' : 'Pause my monthly support'}
              </Button>
              {errorFor('pause')}
            </ActionForm>
          </section>
        ) : null}
        {can.cancel ? (
          <section
            aria-labelledby="cancel-heading"
            css={(theme) => ({ display: 'flex', flexDirection: 'column', gap: theme.space(3) })}
          >
            <h2 id="cancel-heading" css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>
              {can.pause ? 'Or cancel' : 'Cancel'}
            </h2>
            <div
              css={(theme) => ({
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-start',
                gap: theme.space(3),
              })}
            >
              <Button variant="danger" disabled={busy} onClick={() => setConfirmingCancel(true)}>
                Cancel my monthly support
              </Button>
              {confirmingCancel ? null : errorFor('cancel')}
            </div>
            <CancelMonthlyDialog
              subscription={confirmingCancel ? subscription : null}
              busy={pending === 'cancel'}
              error={failure?.action === 'cancel' ? failure.message : null}
              onConfirm={() => run({ action: 'cancel' }, () => setConfirmingCancel(false))}
              onClose={() => setConfirmingCancel(false)}
            />
          </section>
        ) : null}
        <p css={{ margin: 0 }}>
          <Link to={paths.profile(subscription.creatorUsername)}>Back to {subscription.creatorDisplayName}’s page</Link>
        </p>
      </>
    );
  }

  return (
    <EmailLinkPage title={TITLE} maxWidth="36rem">
      {body}
    </EmailLinkPage>
  );
}
