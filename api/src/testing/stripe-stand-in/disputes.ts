import type Stripe from 'stripe';
import { termsOf } from './currencies';
import { fromFixture } from './fixtures';
import { rejectUnknownParams } from './form-params';
import { invalidRequest, noSuch } from './stand-in-error';
import { list, randomId, type ApiRequest, type StandInState } from './stand-in-state';

/** Disputes opened by the dispute test cards and closed by Stripe's test-mode evidence rule or by accepting them. */
export function disputesResource(state: StandInState) {
  function openDispute(charge: Stripe.Charge, kind: 'fraudulent' | 'inquiry') {
    const inquiry = kind === 'inquiry';
    const sample = fromFixture<Stripe.Dispute>('dispute', {});
    const dispute = fromFixture<Stripe.Dispute>('dispute', {
      id: randomId('dp'),
      amount: charge.amount,
      balance_transactions: [],
      charge: charge.id,
      created: state.now(),
      currency: charge.currency,
      evidence_details: { ...sample.evidence_details, due_by: state.now() + 7 * 86400 },
      is_charge_refundable: inquiry,
      metadata: {},
      payment_intent: charge.payment_intent,
      payment_method_details: {
        type: 'card',
        card: {
          brand: (charge.payment_method_details?.card?.brand ?? 'visa') as string,
          case_type: inquiry ? 'inquiry' : 'chargeback',
          // Visa's "other fraud, card-absent environment", what its test disputes report.
          network_reason_code: '10.4',
          network: 'visa',
        },
      } as Stripe.Dispute.PaymentMethodDetails,
      reason: inquiry ? 'general' : 'fraudulent',
      status: inquiry ? 'warning_needs_response' : 'needs_response',
    });
    state.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    state.emit('charge.dispute.created', dispute);
    if (!inquiry) {
      // Stripe's dispute fee, in the disputed charge's currency.
      const disputeFeeCents = termsOf(dispute.currency).disputeFee;
      const withdrawn = state.balanceTransaction(
        -dispute.amount,
        disputeFeeCents,
        'adjustment',
        dispute.id,
        dispute.currency,
      );
      withdrawn.fee_details = [
        {
          amount: disputeFeeCents,
          application: null,
          currency: dispute.currency,
          description: 'Dispute fee',
          type: 'stripe_fee',
        },
      ];
      dispute.balance_transactions.push(withdrawn);
      state.emit('charge.dispute.funds_withdrawn', dispute);
    }
  }

  function getDispute(id: string): Stripe.Dispute {
    const dispute = state.disputes.get(id);
    if (!dispute) throw noSuch('dispute', id, 'dispute', 404);
    return dispute;
  }

  const evidenceFields = Object.fromEntries(
    Object.keys(fromFixture<Stripe.Dispute>('dispute', {}).evidence).map((key) => [key, true as const]),
  );

  function closeDispute(dispute: Stripe.Dispute, won: boolean) {
    const inquiry = dispute.status.startsWith('warning');
    dispute.status = inquiry ? 'warning_closed' : won ? 'won' : 'lost';
    if (won && !inquiry) {
      dispute.balance_transactions.push(
        state.balanceTransaction(dispute.amount, 0, 'adjustment', dispute.id, dispute.currency),
      );
      state.emit('charge.dispute.funds_reinstated', dispute);
    }
    state.emit('charge.dispute.closed', dispute);
  }

  /** Stripe's test-mode rule: evidence text "winning_evidence" wins the dispute, "losing_evidence" loses it. */
  function updateDispute({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { evidence: evidenceFields, metadata: 'map', submit: true, expand: 'list' });
    const dispute = getDispute(ids[0]!);
    if (['won', 'lost', 'warning_closed'].includes(dispute.status)) {
      throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'dispute' });
    }
    const evidence = params.evidence;
    if (evidence && typeof evidence === 'object' && !Array.isArray(evidence)) {
      for (const [key, value] of Object.entries(evidence)) {
        (dispute.evidence as unknown as Record<string, unknown>)[key] = value === '' ? null : value;
      }
      dispute.evidence_details.has_evidence = true;
    }
    const metadata = read.metadata();
    if (metadata) dispute.metadata = { ...dispute.metadata, ...metadata };
    const submit = read.boolean('submit') ?? true;
    // As on Stripe, the update reports the dispute under review once the evidence is submitted.
    if (submit) {
      dispute.evidence_details.submission_count += 1;
      if (!dispute.status.startsWith('warning')) dispute.status = 'under_review';
    }
    state.emit('charge.dispute.updated', dispute);
    const text = dispute.evidence.uncategorized_text;
    if (submit && (text === 'winning_evidence' || text === 'losing_evidence')) {
      closeDispute(dispute, text === 'winning_evidence');
    }
    return dispute;
  }

  function acceptDispute({ params, ids }: ApiRequest) {
    rejectUnknownParams(params, { expand: 'list' });
    const dispute = getDispute(ids[0]!);
    if (['won', 'lost', 'warning_closed'].includes(dispute.status)) {
      throw invalidRequest(`This dispute is already closed (${dispute.status}).`, { param: 'dispute' });
    }
    closeDispute(dispute, false);
    return dispute;
  }

  function listDisputes({ params, read }: ApiRequest) {
    rejectUnknownParams(params, { payment_intent: true, charge: true, limit: true, expand: 'list' });
    const intentId = read.string('payment_intent');
    const chargeId = read.string('charge');
    const limit = read.integer('limit', { min: 1 }) ?? 10;
    const found = [...state.disputes.values()]
      .filter(
        (dispute) => (!intentId || dispute.payment_intent === intentId) && (!chargeId || dispute.charge === chargeId),
      )
      .reverse();
    return { ...list(found.slice(0, limit), '/v1/disputes'), has_more: found.length > limit };
  }

  return { openDispute, getDispute, closeDispute, updateDispute, acceptDispute, listDisputes };
}

export type DisputesResource = ReturnType<typeof disputesResource>;
