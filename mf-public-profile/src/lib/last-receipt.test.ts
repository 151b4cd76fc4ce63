import { fakeReceipt } from '../testing/fake-profile';
import { LAST_RECEIPT_KEY, readLastReceipt, saveLastReceipt } from './last-receipt';

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('last receipt', () => {
  it('keeps the receipt of this tab for its creator only', () => {
    const receipt = fakeReceipt();
    saveLastReceipt(receipt);
    expect(readLastReceipt('pixelpat')).toEqual(receipt);
    expect(readLastReceipt('PixelPat')).toEqual(receipt);
    expect(readLastReceipt('mayamakesart')).toBeNull();
  });

  it('ignores anything that is not a receipt', () => {
    window.sessionStorage.setItem(LAST_RECEIPT_KEY, '{"creatorUsername":"pixelpat"}');
    expect(readLastReceipt('pixelpat')).toBeNull();
    window.sessionStorage.setItem(LAST_RECEIPT_KEY, 'not json');
    expect(readLastReceipt('pixelpat')).toBeNull();
  });

  it('carries on when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => saveLastReceipt(fakeReceipt())).not.toThrow();
    expect(readLastReceipt('pixelpat')).toBeNull();
  });
});
