import { CARD_MESSAGES } from '@beabro/shared/api-schemas/checkout';
import { SUPPORT_MESSAGES } from '@beabro/shared/schemas/support';
import { amountProblem, buildCheckoutRequest, toFieldErrors } from './checkout-request';
import { initialSupportFormState, type SupportFormState } from './support-form-state';

const KEY = '5b1f7d9e-3c2a-4b8d-9e0f-1a2b3c4d5e6f';
const creator = { displayName: 'Pixel Pat', minimumAmountCents: 300, acceptsMessages: true };
const filled = (overrides: Partial<SupportFormState> = {}): SupportFormState => ({
  ...initialSupportFormState([], null),
  email: 'bro@example.com',
  name: 'Jordan',
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/34',
  cardCvc: '123',
  ...overrides,
});

describe('amountProblem', () => {
  it('asks for an amount below $1, the creator’s minimum below it, and caps a single support', () => {
    expect(amountProblem({ amount: 0, customAmount: '', selectedTier: null }, creator)).toBe(
      SUPPORT_MESSAGES.amountRequired,
    );
    expect(amountProblem({ amount: 0, customAmount: 'abc', selectedTier: null }, creator)).toBe(
      SUPPORT_MESSAGES.amountTooSmall,
    );
    expect(amountProblem({ amount: 2, customAmount: '2', selectedTier: null }, creator)).toBe(
      'The minimum support for Pixel Pat is $3',
    );
    expect(amountProblem({ amount: 3, customAmount: '3', selectedTier: null }, creator)).toBeNull();
    expect(amountProblem({ amount: 10_001, customAmount: '10001', selectedTier: null }, creator)).toBe(
      SUPPORT_MESSAGES.amountTooLarge,
    );
    // Whole dollars: 12.5 is refused with the reason, not paid as $12; 12.00 is twelve dollars.
    expect(amountProblem({ amount: 12, customAmount: '12.5', selectedTier: null }, creator)).toBe(
      'Amount must be a whole number of dollars',
    );
    expect(amountProblem({ amount: 12, customAmount: '12.00', selectedTier: null }, creator)).toBeNull();
  });
});

describe('buildCheckoutRequest', () => {
  it('builds the contract’s request', () => {
    const result = buildCheckoutRequest(
      filled({ message: ' Go go! ', selectedTier: 1, amount: 15, isRecurring: false }),
      creator,
      KEY,
      new Date(2026, 0, 1),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        amount: 15,
        email: 'bro@example.com',
        name: 'Jordan',
        message: 'Go go!',
        isAnonymous: false,
        isRecurring: false,
        tierPosition: 1,
        card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
        idempotencyKey: KEY,
      },
    });
  });

  it('sends the name as "Anonymous" for an anonymous support', () => {
    const result = buildCheckoutRequest(filled({ isAnonymous: true }), creator, KEY);
    expect(result.ok && result.body).toMatchObject({ name: 'Anonymous', isAnonymous: true });
  });

  it('drops the message when the creator does not accept messages', () => {
    const result = buildCheckoutRequest(filled({ message: 'hello' }), { ...creator, acceptsMessages: false }, KEY);
    expect(result.ok && result.body.message).toBe('');
  });

  it('puts each problem on its field with the shared messages', () => {
    const result = buildCheckoutRequest(
      filled({ email: '', cardNumber: '', cardExpiry: '13/30', cardCvc: '1' }),
      creator,
      KEY,
    );
    expect(result).toEqual({
      ok: false,
      formError: null,
      fieldErrors: {
        email: SUPPORT_MESSAGES.emailRequired,
        cardNumber: CARD_MESSAGES.numberRequired,
        cardExpiry: CARD_MESSAGES.expiryInvalid,
        cardCvc: CARD_MESSAGES.cvcInvalid,
      },
    });
    expect(buildCheckoutRequest(filled({ email: 'not-an-email' }), creator, KEY)).toMatchObject({
      ok: false,
      fieldErrors: { email: SUPPORT_MESSAGES.emailInvalid },
    });
  });

  it('says an empty expiry date or CVC is required, in the words of the field', () => {
    const result = buildCheckoutRequest(filled({ cardExpiry: '', cardCvc: '' }), creator, KEY);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { cardExpiry: 'Expiry date is required', cardCvc: 'CVC is required' },
    });
    expect(CARD_MESSAGES.cvcInvalid).toBe('CVC is invalid');
  });

  it('catches a mistyped card number and an expired card before asking the server', () => {
    expect(buildCheckoutRequest(filled({ cardNumber: '4242 4242 4242 4241' }), creator, KEY)).toMatchObject({
      ok: false,
      fieldErrors: { cardNumber: CARD_MESSAGES.numberInvalid },
    });
    expect(buildCheckoutRequest(filled({ cardExpiry: '01/20' }), creator, KEY, new Date(2026, 5, 1))).toMatchObject({
      ok: false,
      fieldErrors: { cardExpiry: CARD_MESSAGES.expired },
    });
  });

  it('refuses an amount the page would not submit', () => {
    expect(buildCheckoutRequest(filled({ amount: 2, customAmount: '2' }), creator, KEY)).toMatchObject({
      ok: false,
      fieldErrors: { amount: 'The minimum support for Pixel Pat is $3' },
    });
  });
});

describe('toFieldErrors', () => {
  it('places the API’s field paths on the page’s fields', () => {
    expect(
      toFieldErrors({
        'card.number': 'Your card was declined.',
        'card.expMonth': 'This card has expired',
        email: 'Email is invalid',
        other: 'x',
      }),
    ).toEqual({
      cardNumber: 'Your card was declined.',
      cardExpiry: 'This card has expired',
      email: 'Email is invalid',
    });
  });
});
