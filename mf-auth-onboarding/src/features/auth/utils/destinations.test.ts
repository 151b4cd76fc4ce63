import { afterSignUpPath, homePathFor } from './destinations';

describe('destinations', () => {
  it('sends a creator with a page to the dashboard and everyone else to the supporter dashboard', () => {
    expect(homePathFor({ isCreator: true })).toBe('/dashboard');
    expect(homePathFor({ isCreator: false })).toBe('/supporter-dashboard');
  });

  it('sends a new creator to onboarding and a new supporter to their dashboard', () => {
    expect(afterSignUpPath('creator')).toBe('/create');
    expect(afterSignUpPath('supporter')).toBe('/supporter-dashboard');
  });
});
