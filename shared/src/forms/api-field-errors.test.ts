import { setApiFieldErrors } from '@beabro/shared/forms/api-field-errors';

describe('setApiFieldErrors', () => {
  it('sets each field message, focusing the first, and the whole-request message as the root error', () => {
    const setError = vi.fn();
    const any = setApiFieldErrors(setError, {
      bio: 'Too long',
      'tiers.2.name': 'Required',
      _: 'Try again',
      x: undefined,
    });
    expect(any).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['bio', { type: 'server', message: 'Too long' }, { shouldFocus: true }],
      ['tiers.2.name', { type: 'server', message: 'Required' }, { shouldFocus: false }],
      ['root.server', { type: 'server', message: 'Try again' }],
    ]);
  });

  it('says when the answer named no field', () => {
    const setError = vi.fn();
    expect(setApiFieldErrors(setError, {})).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
