import { growthText } from './growth';

describe('growthText', () => {
  it('explains the growth rate, or why there is none (one decimal, against last month)', () => {
    expect(growthText(12.5, 1_000)).toBe('+12.5% vs last month');
    expect(growthText(null, 0)).toBe('No supports last month to compare with');
  });
});
