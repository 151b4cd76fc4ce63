import { formatCardNumber, formatExpiry, isExpired, parseExpiry, passesLuhn } from './card-input';

describe('card inputs', () => {
  it('groups the card number in fours and keeps only digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('writes the expiry as MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('12/345')).toBe('12/34');
    // Backspace over the slash removes the month's last digit.
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('12/34')).toEqual({ expMonth: 12, expYear: 2034 });
    expect(parseExpiry('1/2030')).toEqual({ expMonth: 1, expYear: 2030 });
    expect(parseExpiry('0434')).toEqual({ expMonth: 4, expYear: 2034 });
    const bad = parseExpiry('12/3');
    expect(Number.isNaN(bad.expMonth) && Number.isNaN(bad.expYear)).toBe(true);
  });

  it('treats a card as valid through its expiry month', () => {
    const now = new Date(2026, 10, 21);
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
    expect(isExpired(12, 2025, now)).toBe(true);
  });

  it('checks the Luhn digit of the sandbox cards and rejects typos', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4000 0000 0000 0002')).toBe(true);
    expect(passesLuhn('4000 0000 0000 9995')).toBe(true);
    expect(passesLuhn('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
  });
});
