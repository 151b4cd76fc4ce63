import { and, eq, isNull } from 'drizzle-orm';
import { subscriptions, supports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MoneyDeps } from '../payments/money-deps';
import type { EarlyFraudWarningReport } from '../payments/payment-events';
import { findSupport, findSupportByProviderCharge, sumSupportRefunds } from '../refunds/refunds-repository';
import { refundSupport } from '../refunds/refunds-service';
import { DEFAULT_FRAUD_SETTINGS, raiseFraudAlert } from '../fraud/fraud-service';

/** The note on the refund an early fraud warning makes (the creator sees it in their supports). */
export const EARLY_FRAUD_WARNING_NOTE = 'Refunded automatically: the card issuer reported this payment as fraudulent.';

/**
 * The card issuer warned that a support's charge may be fraudulent (Stripe's radar.early_fraud_warning.created):
 * what is left of the support is refunded in full (reason "fraudulent"), the monthly support it belongs to ends with
 * the refund, the support is flagged (`fraud_flagged_at`) and a fraud alert is recorded for the operator, once.
 * Refunding before the issuer opens a dispute avoids the dispute and its fee. Idempotent: the flag and alert are
 * written once per support, and the refund's key is the warning's id, so a redelivered or late event changes nothing.
 * A warning about a charge that is not one of our supports is ignored, as disputes are.
 */
export async function recordEarlyFraudWarning(
  deps: MoneyDeps,
  warning: EarlyFraudWarningReport,
  at: Date,
): Promise<void> {
  const paid = await findSupportByProviderCharge(deps.db, deps.provider.name, warning.chargeId);
  if (!paid) return;
  const settings = deps.fraud ?? DEFAULT_FRAUD_SETTINGS;
  await deps.db.transaction(async (tx) => {
    const [flagged] = await tx
      .update(supports)
      .set({ fraudFlaggedAt: at })
      .where(and(eq(supports.id, paid.supportId), isNull(supports.fraudFlaggedAt)))
      .returning({ id: supports.id, amountCents: supports.amountCents });
    if (!flagged) return;
    await raiseFraudAlert(tx, settings, {
      at,
      key: `support:${flagged.id}`,
      kind: 'early_fraud_warning',
      detail:
        `Early fraud warning ${warning.id} (${warning.fraudType}) on a support of $${(flagged.amountCents / 100).toFixed(2)}: ` +
        'refunded in full and its monthly support ended.',
    });
  });

  const support = await findSupport(deps.db, paid.supportId);
  if (!support) return;
  const { reservedCents } = await sumSupportRefunds(deps.db, support.id);
  const leftCents = support.amountCents - reservedCents;
  if (leftCents <= 0) return;
  const [subscription] = support.subscriptionId
    ? await deps.db.select().from(subscriptions).where(eq(subscriptions.id, support.subscriptionId))
    : [];
  const running =
    subscription !== undefined &&
    (((subscription.status === 'active' || subscription.status === 'paused') && !subscription.cancelAtPeriodEnd) ||
      subscription.status === 'past_due');
  try {
    await refundSupport(
      deps,
      support.creatorId,
      support.id,
      { amountCents: leftCents, reason: 'fraudulent', note: EARLY_FRAUD_WARNING_NOTE, cancelSubscription: running },
      `early-fraud-warning:${warning.id}`,
    );
  } catch (error) {
    // Refused (a dispute already opened, a refund racing this one): the alert says what to look at.
    if (!(error instanceof AppError)) throw error;
    (settings.log ?? console.warn)(
      `early fraud warning ${warning.id}: support ${support.id} not refunded: ${error.message}`,
    );
  }
}
