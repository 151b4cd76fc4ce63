import { fakeReceipt } from '../testing/fake-profile';
import { LAST_RECEIPT_KEY, readLastReceipt, saveLastReceipt } from './last-receipt';

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('last receipt', () => {
  it('keeps the receipt of this tab for its creator only', async () => {
    const receipt = fakeReceipt();
    saveLastReceipt(receipt);
    expect(await readLastReceipt('pixelpat')).toEqual(receipt);
    expect(await readLastReceipt('PixelPat')).toEqual(receipt);
    expect(await readLastReceipt('mayamakesart')).toBeNull();
  });

  it('ignores anything that is not a receipt', async () => {
    window.sessionStorage.setItem(LAST_RECEIPT_KEY, '{"creatorUsername":"pixelpat"}');
    expect(await readLastReceipt('pixelpat')).toBeNull();
    window.sessionStorage.setItem(LAST_RECEIPT_KEY, 'not json');
    expect(await readLastReceipt('pixelpat')).toBeNull();
  });

  it('carries on when storage is unavailable', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => saveLastReceipt(fakeReceipt())).not.toThrow();
    expect(await readLastReceipt('pixelpat')).toBeNull();
  });
});
