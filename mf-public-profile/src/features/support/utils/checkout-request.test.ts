import { SUPPORT_MESSAGES } from '@beabro/shared/schemas/support';
import { amountProblem, buildCheckoutRequest, toFieldErrors } from './checkout-request';
import { initialSupportFormState, type SupportFormState } from './support-form-state';

const KEY = '5b1f7d9e-3c2a-4b8d-9e0f-1a2b3c4d5e6f';
const creator = { displayName: 'Pixel Pat', minimumAmountCents: 300, currency: 'usd' as const, acceptsMessages: true };
const filled = (overrides: Partial<SupportFormState> = {}): SupportFormState => ({
  ...initialSupportFormState([], null),
  email: 'bro@example.com',
  name: 'Jordan',
  ...overrides,
});

describe('amountProblem', () => {
  it('asks for an amount below $1, the creator’s minimum below it, and caps a single support', () => {
    expect(amountProblem({ amount: 0, customAmount: '', selectedTier: null }, creator)).toBe(
      SUPPORT_MESSAGES.amountRequired,
    );
    expect(amountProblem({ amount: 0, customAmount: 'abc', selectedTier: null }, creator)).toBe(
      'Enter the amount as a number of dollars, for example 12',
    );
    expect(amountProblem({ amount: 0, customAmount: '0', selectedTier: null }, creator)).toBe(
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
        showOnWall: false,
        tierPosition: 1,
        idempotencyKey: KEY,
      },
    });
  });

  it('asks for a name to show on the supporter wall', () => {
    const result = buildCheckoutRequest(filled({ name: '', showOnWall: true }), creator, KEY);
    expect(result).toEqual({ ok: false, fieldErrors: { name: SUPPORT_MESSAGES.wallNeedsName }, formError: null });
    const named = buildCheckoutRequest(filled({ showOnWall: true }), creator, KEY);
    expect(named.ok && named.body).toMatchObject({ name: 'Jordan', showOnWall: true });
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
    const result = buildCheckoutRequest(filled({ email: '' }), creator, KEY);
    expect(result).toEqual({
      ok: false,
      formError: null,
      fieldErrors: { email: SUPPORT_MESSAGES.emailRequired },
    });
    expect(buildCheckoutRequest(filled({ email: 'not-an-email' }), creator, KEY)).toMatchObject({
      ok: false,
      fieldErrors: { email: SUPPORT_MESSAGES.emailInvalid },
    });
  });

  it('carries no card: the card is typed into the provider’s own field', () => {
    const result = buildCheckoutRequest(filled(), creator, KEY);
    expect(result.ok && Object.keys(result.body)).not.toContain('card');
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
        card: 'Your card was declined.',
        email: 'Email is invalid',
        other: 'x',
      }),
    ).toEqual({
      card: 'Your card was declined.',
      email: 'Email is invalid',
    });
  });
});
