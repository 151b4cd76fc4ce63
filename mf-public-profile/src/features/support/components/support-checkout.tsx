import { currencySymbol, formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { Suspense, lazy, useEffect, useReducer, useRef, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { Button } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { CreatorAvatar } from '@beabro/shared/ui/creator-avatar';
import { ThankYouBanner } from '../../../components/thank-you-banner';
import { paths } from '@beabro/shared/contract/paths';
import { formatNumber } from '../../../lib/format-count';
import { useEmbedMode } from '../hooks/use-embed-mode';
import { useSupportCheckout } from '../hooks/use-support-checkout';
import { amountProblem, customAmountUnusable, type FieldKey } from '../utils/checkout-request';
import { initialSupportFormState, supportFormReducer } from '../utils/support-form-state';
import { AMOUNT_MESSAGE_ID, AmountPicker } from './amount-picker';
import { SandboxCardField } from '@beabro/shared/ui/payments/sandbox-card-field';
import type { CardFieldHandle } from '@beabro/shared/payments/card-field-client';
import { CheckoutSection } from './checkout-section';
import { CARD_FIELD_ERROR_ID } from '../card-field/card-field-ids';
import { PaymentSummary } from './payment-summary';
import { FIELD_IDS, SupporterDetails } from './supporter-details';
import { TrustBadges, TrustBlocks } from './trust-section';
import { ExternalLinkIcon } from '@beabro/shared/ui/icons/external-link';
import { parseTierParam } from '../../../lib/tier-param';

const SUMMARY_HEADING_ID = 'support-summary-heading';

/** Stripe's field and client: a chunk of their own, loaded only once a checkout pays with Stripe. */
const StripeCardField = lazy(() => import('@beabro/shared/ui/payments/stripe-card-field'));

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const FIELD_ORDER: readonly FieldKey[] = ['amount', 'name', 'email', 'message', 'showOnWall', 'card'];

/** "Support with $5" or "Support with £5" (plus "/month"), for any whole amount of the creator's currency. */
export function submitLabel(amount: number, isRecurring: boolean, currency: Currency): string {
  return `Support with ${currencySymbol(currency)}${formatNumber(amount)}${isRecurring ? '/month' : ''}`;
}

/** The checkout for one creator: amount, details, card, summary and submit (docs/product-rules.md#checkout). */
export function SupportCheckout({ profile }: { profile: PublicCreatorProfileDto }) {
  const [params] = useSearchParams();
  const user = useSessionStore((s) => s.user);
  const [state, dispatch] = useReducer(supportFormReducer, undefined, () => {
    const initial = initialSupportFormState(
      profile.tiers,
      parseTierParam(params.get('tier')),
      profile.minimumAmountCents,
    );
    return user ? supportFormReducer(initial, { type: 'prefill', name: user.displayName, email: user.email }) : initial;
  });
  const creator = {
    displayName: profile.displayName,
    minimumAmountCents: profile.minimumAmountCents,
    currency: profile.currency,
    acceptsMessages: profile.acceptsMessages,
  };
  const embed = useEmbedMode();
  const cardField = useRef<CardFieldHandle>(null);
  const checkout = useSupportCheckout(profile.username, creator, embed, cardField);
  const problemRef = useRef<HTMLDivElement>(null);

  // Signed-in supporters do not retype who they are (also when the session arrives after the page);
  // what they already typed is never overwritten.
  useEffect(() => {
    if (user) dispatch({ type: 'prefill', name: user.displayName, email: user.email });
  }, [user]);

  const amountMessage = amountProblem(state, profile);
  const disabled = checkout.processing || amountMessage !== null;

  // The message box may render after the submit handler resumes, so its focus can also happen on commit.
  const focusProblem = useRef(false);
  useEffect(() => {
    if (checkout.problem && focusProblem.current) {
      focusProblem.current = false;
      problemRef.current?.focus();
    }
  }, [checkout.problem]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = await checkout.submit(state);
    // Take the supporter to what needs fixing: the first field with a message, else the message box.
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
    } else if (problemRef.current) {
      problemRef.current.focus();
    } else {
      focusProblem.current = true;
    }
  };

  return (
    <PageContainer>
      <div
        css={(theme) => ({ padding: `${theme.space(6)} 0 ${theme.space(12)}`, display: 'grid', gap: theme.space(6) })}
      >
        <div>
          {embed.embedded ? (
            // Inside a creator's website: the profile opens in a new tab, the checkout stays where it is.
            <a
              href={paths.profile(profile.username)}
              target="_blank"
              rel="noopener"
              css={(theme) => [
                {
                  display: 'inline-flex',
                  gap: '0.375rem',
                  alignItems: 'center',
                  fontWeight: theme.font.weight.medium,
                  textDecoration: 'none',
                },
                focusRing(theme),
              ]}
            >
              {profile.displayName} on Be a Bro <ExternalLinkIcon />
              <span css={VISUALLY_HIDDEN}> (opens in a new tab)</span>
            </a>
          ) : (
            <Link
              to={paths.profile(profile.username)}
              css={(theme) => [
                {
                  display: 'inline-flex',
                  gap: '0.375rem',
                  alignItems: 'center',
                  fontWeight: theme.font.weight.medium,
                  textDecoration: 'none',
                },
                focusRing(theme),
              ]}
            >
              <span aria-hidden="true">←</span> Back to profile
            </Link>
          )}
        </div>

        <Card css={{ display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
          <CreatorAvatar
            displayName={profile.displayName}
            username={profile.username}
            imageUrl={profile.profileImageUrl}
            size={72}
            ringed
          />
          <div css={{ minWidth: 0, flex: '1 1 16rem' }}>
            <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl, overflowWrap: 'anywhere' })}>
              Support {profile.displayName}
            </h1>
            <p css={(theme) => ({ margin: '0.25rem 0 0', color: theme.color.textMuted })}>
              @{profile.username} · {profile.creatorTypeLabel}
            </p>
            {profile.goal ? (
              <p
                css={(theme) => ({
                  margin: '0.375rem 0 0',
                  fontSize: theme.font.size.sm,
                  color: theme.color.textMuted,
                  overflowWrap: 'anywhere',
                })}
              >
                Current goal:{' '}
                <strong css={(theme) => ({ color: theme.color.text })}>{profile.goal.title || 'Funding goal'}</strong>{' '}
                {/* No progress when the creator hides earnings: the target alone instead. */}
                {profile.goal.percent === null
                  ? `(target ${formatMoney(profile.goal.amountCents, profile.currency, { whole: true })})`
                  : `(${profile.goal.percent}% complete)`}
              </p>
            ) : null}
          </div>
        </Card>

        {profile.viewer.isOwner ? (
          <p
            role="note"
            css={(theme) => ({
              margin: 0,
              padding: theme.space(4),
              borderRadius: theme.radius.md,
              background: theme.color.brandSoft,
              color: theme.color.brandHover,
            })}
          >
            This is your own support page: this is what your supporters see. Share your profile link so they can find
            it.
          </p>
        ) : null}

        {checkout.embeddedReceipt ? (
          <ThankYouBanner displayName={profile.displayName} receipt={checkout.embeddedReceipt} embedded />
        ) : (
          <form
            noValidate
            // Before the page's code runs (a public page loads it on first use) a press on the submit button waits
            // for it rather than submitting as plain HTML: the payment needs the card field's code.
            data-needs-code=""
            aria-label={`Support ${profile.displayName}`}
            onSubmit={(event) => void onSubmit(event)}
            css={(theme) => ({
              display: 'grid',
              gap: theme.space(6),
              alignItems: 'start',
              [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 22rem' },
            })}
          >
            <div css={(theme) => ({ display: 'grid', gap: theme.space(6), minWidth: 0 })}>
              <AmountPicker
                tiers={profile.tiers}
                state={state}
                dispatch={dispatch}
                amountMessage={amountMessage}
                minimumAmountCents={profile.minimumAmountCents}
                currency={profile.currency}
              />
              <SupporterDetails
                state={state}
                dispatch={dispatch}
                errors={checkout.fieldErrors}
                onEdit={checkout.clearFieldError}
                displayName={profile.displayName}
                acceptsMessages={profile.acceptsMessages}
              />
              {checkout.stripePayment ? (
                <CheckoutSection step={3} title="Payment details">
                  <Suspense fallback={<p role="status">Loading the secure card field…</p>}>
                    <StripeCardField
                      ref={cardField}
                      clientSecret={checkout.stripePayment.clientSecret}
                      publishableKey={checkout.stripePayment.publishableKey}
                      testMode={checkout.stripePayment.testMode}
                      fieldId={FIELD_IDS.card}
                      errorId={CARD_FIELD_ERROR_ID}
                      error={checkout.fieldErrors.card}
                    />
                  </Suspense>
                </CheckoutSection>
              ) : profile.paymentCapabilities?.cardField === 'stripe-elements' ? (
                <CheckoutSection step={3} title="Payment details">
                  <p id={FIELD_IDS.card} tabIndex={-1} css={{ margin: 0 }}>
                    You type your card in Stripe’s secure field, which opens here when you press the button.
                  </p>
                </CheckoutSection>
              ) : (
                <CheckoutSection step={3} title="Payment details">
                  <SandboxCardField
                    ref={cardField}
                    fieldId={FIELD_IDS.card}
                    errorId={CARD_FIELD_ERROR_ID}
                    error={checkout.fieldErrors.card}
                  />
                </CheckoutSection>
              )}
            </div>

            <Card
              aria-labelledby={SUMMARY_HEADING_ID}
              css={(theme) => ({ minWidth: 0, [theme.breakpoint.lg]: { position: 'sticky', top: '1.5rem' } })}
            >
              <h2 id={SUMMARY_HEADING_ID} css={(theme) => ({ margin: '0 0 1rem', fontSize: theme.font.size.lg })}>
                Payment summary
              </h2>
              <PaymentSummary
                amount={customAmountUnusable(amountMessage, profile.currency) ? 0 : state.amount}
                isRecurring={state.isRecurring}
                displayName={profile.displayName}
                currency={profile.currency}
              />

              {checkout.problem ? (
                <div
                  ref={problemRef}
                  tabIndex={-1}
                  role="alert"
                  css={(theme) => ({
                    marginTop: '1rem',
                    padding: theme.space(4),
                    borderRadius: theme.radius.md,
                    background: theme.color.dangerSoft,
                    border: `1px solid ${theme.color.danger}`,
                    color: theme.color.danger,
                    outline: 'none',
                    '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' },
                  })}
                >
                  <p css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold })}>{checkout.problem.title}</p>
                  <p css={(theme) => ({ margin: '0.25rem 0 0', fontSize: theme.font.size.sm })}>
                    {checkout.problem.message}
                  </p>
                </div>
              ) : null}

              <Button
                type="submit"
                size="lg"
                fullWidth
                disabled={disabled}
                aria-busy={checkout.processing || undefined}
                aria-describedby={amountMessage ? AMOUNT_MESSAGE_ID : undefined}
                css={{ marginTop: '1.25rem' }}
              >
                {checkout.processing ? 'Processing...' : submitLabel(state.amount, state.isRecurring, profile.currency)}
              </Button>
              {amountMessage ? (
                <p
                  css={(theme) => ({
                    margin: '0.5rem 0 0',
                    fontSize: theme.font.size.sm,
                    color: theme.color.danger,
                    textAlign: 'center',
                  })}
                >
                  {amountMessage}
                </p>
              ) : null}
              <TrustBadges />
            </Card>
          </form>
        )}

        <TrustBlocks displayName={profile.displayName} />
      </div>
    </PageContainer>
  );
}
