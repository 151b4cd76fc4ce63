import { REFUND_MESSAGES, REFUND_NOTE_MAX } from '@beabro/shared/api-schemas/refunds';
import { fieldErrorsOf } from '@beabro/shared/schemas/field-errors';
import { refundFormSchema } from '@beabro/shared/schemas/refund-form';

const schema = refundFormSchema(500, 'usd');

describe('refundFormSchema', () => {
  it('turns the typed dollars into the request, with the note trimmed', () => {
    expect(
      schema.parse({ amountCents: '$2.5', reason: 'duplicate', note: '  Sorry  ', cancelSubscription: false }),
    ).toEqual({ amountCents: 250, reason: 'duplicate', note: 'Sorry', cancelSubscription: false });
  });

  it('reports each field with the request’s messages', () => {
    expect(
      fieldErrorsOf(schema, {
        amountCents: '6',
        reason: '',
        note: ` ${'x'.repeat(REFUND_NOTE_MAX + 1)} `,
        cancelSubscription: false,
      }),
    ).toEqual({
      amountCents: REFUND_MESSAGES.tooMuch(500, 'usd'),
      reason: REFUND_MESSAGES.reasonRequired,
      note: REFUND_MESSAGES.noteTooLong,
    });
    expect(fieldErrorsOf(schema, { amountCents: '', reason: 'other', note: '', cancelSubscription: false })).toEqual({
      amountCents: REFUND_MESSAGES.amountRequired,
    });
  });
});
