import { goalProgressText } from './goal-progress-text';

describe('goalProgressText', () => {
  it('says the goal sentence', () => {
    expect(goalProgressText({ percent: 68, supporterCount: 186 })).toBe(
      '68% complete - 186 people are supporting this mission!',
    );
    expect(goalProgressText({ percent: 0, supporterCount: 0 })).toBe(
      '0% complete - 0 people are supporting this mission!',
    );
    expect(goalProgressText({ percent: 100, supporterCount: 12_400 })).toBe(
      '100% complete - 12,400 people are supporting this mission!',
    );
  });

  it('speaks of one supporter in the singular', () => {
    expect(goalProgressText({ percent: 5, supporterCount: 1 })).toBe(
      '5% complete - 1 person is supporting this mission!',
    );
  });

  it('leaves out the count when the creator hides it', () => {
    expect(goalProgressText({ percent: 42, supporterCount: null })).toBe('42% complete');
  });

  it('leaves out the percentage when the creator hides earnings, and says nothing when both are hidden', () => {
    expect(goalProgressText({ percent: null, supporterCount: 186 })).toBe('186 people are supporting this mission!');
    expect(goalProgressText({ percent: null, supporterCount: 1 })).toBe('1 person is supporting this mission!');
    expect(goalProgressText({ percent: null, supporterCount: null })).toBe('');
  });

  it('never claims more than 100%', () => {
    expect(goalProgressText({ percent: 250, supporterCount: 3 })).toBe(
      '100% complete - 3 people are supporting this mission!',
    );
  });
});
