import { settingsTabFrom } from './settings-tab';

describe('settings tab from the URL', () => {
  it('opens a known tab and Profile otherwise', () => {
    expect(settingsTabFrom('account')).toBe('account');
    expect(settingsTabFrom(null)).toBe('profile');
    expect(settingsTabFrom('billing')).toBe('profile');
  });
});
