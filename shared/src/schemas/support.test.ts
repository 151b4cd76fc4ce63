import fc from 'fast-check';
import type { ZodType } from 'zod';
import {
  ANONYMOUS_SUPPORTER_NAME,
  SUPPORT_MESSAGES,
  supportAmountMessages,
  supportAmountSchemaIn,
  supportSchema,
  toSupportPayload,
} from '@beabro/shared/schemas/support';

function messagesAt(schema: ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

const valid = {
  amount: 15,
  email: 'fan@example.com',
  name: 'Jordan',
  message: 'Keep going!',
  isAnonymous: false,
  isRecurring: true,
  showOnWall: false,
};

describe('supportSchema', () => {
  it('accepts a valid support and fills the defaults (amount 5, not anonymous, one-off)', () => {
    expect(supportSchema.parse(valid)).toEqual(valid);
    expect(supportSchema.parse({ email: 'fan@example.com' })).toEqual({
      amount: 5,
      email: 'fan@example.com',
      name: '',
      message: '',
      isAnonymous: false,
      isRecurring: false,
      showOnWall: false,
    });
  });

  it('amount: at least $1', () => {
    expect(messagesAt(supportSchema, { ...valid, amount: 0 }, 'amount')).toEqual([SUPPORT_MESSAGES.amountTooSmall]);
    expect(messagesAt(supportSchema, { ...valid, amount: -3 }, 'amount')).toEqual([SUPPORT_MESSAGES.amountTooSmall]);
    expect(supportSchema.parse({ ...valid, amount: 1 }).amount).toBe(1);
  });

  it('amount: at most $10,000 per support', () => {
    expect(SUPPORT_MESSAGES.amountTooLarge).toBe('The maximum single support is $10,000');
    expect(messagesAt(supportSchema, { ...valid, amount: 10_001 }, 'amount')).toEqual([
      SUPPORT_MESSAGES.amountTooLarge,
    ]);
    expect(supportSchema.parse({ ...valid, amount: 10_000 }).amount).toBe(10_000);
  });

  it('amount: whole dollars only', () => {
    expect(messagesAt(supportSchema, { ...valid, amount: 4.99 }, 'amount')).toEqual([SUPPORT_MESSAGES.amountWhole]);
    expect(messagesAt(supportSchema, { ...valid, amount: '4.5' }, 'amount')).toEqual([SUPPORT_MESSAGES.amountWhole]);
  });

  it.each(['', '  ', 'ten', null, Number.NaN])('amount %j: asks for an amount', (amount) => {
    expect(messagesAt(supportSchema, { ...valid, amount }, 'amount')).toEqual([SUPPORT_MESSAGES.amountRequired]);
  });

  it('amount: a typed string is parsed', () => {
    expect(supportSchema.parse({ ...valid, amount: ' 20 ' }).amount).toBe(20);
  });

  it('property: whole amounts in [1, 10000] pass, everything above fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (amount) => {
        expect(supportSchema.parse({ ...valid, amount }).amount).toBe(amount);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 10_001, max: Number.MAX_SAFE_INTEGER }), (amount) => {
        expect(messagesAt(supportSchema, { ...valid, amount }, 'amount')).toEqual([SUPPORT_MESSAGES.amountTooLarge]);
      }),
    );
  });

  it('email: required and must look like an address (sign-in wording)', () => {
    expect(SUPPORT_MESSAGES.emailRequired).toBe('Email is required');
    expect(SUPPORT_MESSAGES.emailInvalid).toBe('Email is invalid');
    expect(messagesAt(supportSchema, { ...valid, email: '' }, 'email')).toEqual([SUPPORT_MESSAGES.emailRequired]);
    expect(messagesAt(supportSchema, { ...valid, email: undefined }, 'email')).toEqual([
      SUPPORT_MESSAGES.emailRequired,
    ]);
    expect(messagesAt(supportSchema, { ...valid, email: 'fan@' }, 'email')).toEqual([SUPPORT_MESSAGES.emailInvalid]);
  });

  it('name: optional, trimmed, at most 100', () => {
    expect(supportSchema.parse({ ...valid, name: '  Jo ' }).name).toBe('Jo');
    expect(messagesAt(supportSchema, { ...valid, name: 'n'.repeat(101) }, 'name')).toEqual([
      SUPPORT_MESSAGES.nameTooLong,
    ]);
  });

  it('message: optional, at most 200 characters as counted by "n/200"', () => {
    expect(supportSchema.parse({ ...valid, message: 'm'.repeat(200) }).message).toHaveLength(200);
    expect(messagesAt(supportSchema, { ...valid, message: 'm'.repeat(201) }, 'message')).toEqual([
      SUPPORT_MESSAGES.messageTooLong,
    ]);
    expect(SUPPORT_MESSAGES.messageTooLong).toBe('Message must be at most 200 characters');
  });
});

describe("the amount in the creator's currency", () => {
  it('says the US-dollar messages word for word in US dollars', () => {
    const { amountRequired, amountWhole, amountNotNumber, amountTooSmall, amountTooLarge } = SUPPORT_MESSAGES;
    expect(supportAmountMessages('usd')).toEqual({
      amountRequired,
      amountWhole,
      amountNotNumber,
      amountTooSmall,
      amountTooLarge,
    });
  });

  it('says pounds in pounds sterling, with the same bounds', () => {
    const gbp = supportAmountSchemaIn('gbp');
    expect(messagesAt(gbp, 0, '')).toEqual(['Amount must be at least £1']);
    expect(messagesAt(gbp, '12.5', '')).toEqual(['Amount must be a whole number of pounds']);
    expect(messagesAt(gbp, 10_001, '')).toEqual(['The maximum single support is £10,000']);
    expect(messagesAt(gbp, '', '')).toEqual(['Enter an amount of at least £1']);
    expect(gbp.parse('12')).toBe(12);
  });
});

describe('toSupportPayload', () => {
  it('converts to cents and keeps the name', () => {
    expect(toSupportPayload(supportSchema.parse(valid), 'pixelpat')).toEqual({
      amountCents: 1_500,
      isRecurring: true,
      supporterName: 'Jordan',
      supporterEmail: 'fan@example.com',
      message: 'Keep going!',
      creatorUsername: 'pixelpat',
    });
  });

  it('sends "Anonymous" when anonymous, whatever name was typed', () => {
    expect(toSupportPayload(supportSchema.parse({ ...valid, isAnonymous: true }), 'pixelpat').supporterName).toBe(
      ANONYMOUS_SUPPORTER_NAME,
    );
    expect(ANONYMOUS_SUPPORTER_NAME).toBe('Anonymous');
  });

  it('sends null when no name was given', () => {
    expect(toSupportPayload(supportSchema.parse({ ...valid, name: ' ' }), 'pixelpat').supporterName).toBeNull();
  });
});
