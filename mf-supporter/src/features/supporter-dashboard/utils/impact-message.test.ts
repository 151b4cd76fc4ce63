import { impactMessage, listNames } from './impact-message';

const support = (
  creatorUsername: string,
  creatorDisplayName: string,
  creatorNetCents: number,
  currency: 'usd' | 'gbp' = 'usd',
) => ({ creatorUsername, creatorDisplayName, creatorNetCents, currency });

describe('impactMessage', () => {
  it('says nothing before the first support', () => {
    expect(impactMessage([], [])).toBeNull();
  });

  it('adds up what reached the creators after fees, and names them once each', () => {
    const message = impactMessage(
      [
        support('pixelpat', 'Pixel Pat', 2_298),
        support('pixelpat', 'Pixel Pat', 866),
        support('mayamakesart', 'Maya Okafor', 4_625),
      ],
      [],
    );
    expect(message).toBe(
      '$77.89 of your support went straight to 2 mission builders: Pixel Pat and Maya Okafor. Every bro counts: thank you for backing people who build.',
    );
  });

  it('never adds amounts of two currencies: each is said in its own', () => {
    const message = impactMessage(
      [support('pixelpat', 'Pixel Pat', 2_298), support('londonlee', 'London Lee', 901, 'gbp')],
      [],
    );
    expect(message).toBe(
      '$22.98 and £9.01 of your support went straight to 2 mission builders: Pixel Pat and London Lee. Every bro counts: thank you for backing people who build.',
    );
  });

  it('speaks of one creator by name, and of the monthly supports that keep them going', () => {
    expect(impactMessage([support('pixelpat', 'Pixel Pat', 2_298)], ['Pixel Pat'])).toBe(
      '$22.98 of your support went straight to Pixel Pat. Your monthly support keeps Pixel Pat going, month after month.',
    );
  });
});

describe('listNames', () => {
  it('joins names the way people write them', () => {
    expect(listNames(['A'])).toBe('A');
    expect(listNames(['A', 'B'])).toBe('A and B');
    expect(listNames(['A', 'B', 'C'])).toBe('A, B and C');
    expect(listNames(['A', 'B', 'C', 'D', 'E'])).toBe('A, B and 3 others');
  });
});
