import { fakeSupport } from '../../../testing/fake-data';
import { paymentCardOf } from './payment-card';

describe('paymentCardOf', () => {
  it('reads the card when the history entry carries one', () => {
    expect(
      paymentCardOf({ ...fakeSupport(), cardBrand: 'Visa', cardLast4: '4242' } as ReturnType<typeof fakeSupport>),
    ).toEqual({ brand: 'Visa', last4: '4242' });
  });

  it('is null without a card, or with a malformed one', () => {
    expect(paymentCardOf(fakeSupport())).toBeNull();
    expect(
      paymentCardOf({ ...fakeSupport(), cardBrand: 'Visa', cardLast4: '42' } as ReturnType<typeof fakeSupport>),
    ).toBeNull();
    expect(
      paymentCardOf({ ...fakeSupport(), cardBrand: '', cardLast4: '4242' } as ReturnType<typeof fakeSupport>),
    ).toBeNull();
  });
});
