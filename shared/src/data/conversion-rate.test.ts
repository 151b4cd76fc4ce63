import { describe, expect, it } from 'vitest';
import { conversionRatePercent } from '@beabro/shared/data/conversion-rate';

describe('conversionRatePercent', () => {
  it('is new supporters per support page visit, to one decimal', () => {
    expect(conversionRatePercent(1, 3)).toBe(33.3);
    expect(conversionRatePercent(2, 3)).toBe(66.7);
    expect(conversionRatePercent(0, 10)).toBe(0);
  });

  it('has no value without visits', () => {
    expect(conversionRatePercent(0, 0)).toBeNull();
    expect(conversionRatePercent(3, 0)).toBeNull();
  });

  it('never goes above 100%', () => {
    expect(conversionRatePercent(10, 1)).toBe(100);
    expect(conversionRatePercent(1, 1)).toBe(100);
  });
});
