import { fakeProfile } from '../../../testing/fake-profile';
import {
  initialSupportFormState,
  parseCustomAmount,
  supportFormReducer,
  type SupportFormState,
} from './support-form-state';

const tiers = fakeProfile().tiers;
const [fiveDollars, , monthly, fiftyDollars] = tiers as [
  (typeof tiers)[0],
  (typeof tiers)[0],
  (typeof tiers)[0],
  (typeof tiers)[0],
];
const start = () => initialSupportFormState(tiers, null, 300);

describe('support page state', () => {
  it('starts at the default amount of $5, no tier, not monthly, nothing typed', () => {
    expect(start()).toMatchObject({
      amount: 5,
      selectedTier: null,
      customAmount: '',
      isRecurring: false,
      isAnonymous: false,
      showOnWall: false,
      name: '',
      email: '',
      message: '',
    });
  });

  it('starts on the tier asked for in ?tier=, and ignores a tier the creator does not have', () => {
    expect(initialSupportFormState(tiers, 2, 300)).toMatchObject({ amount: 25, selectedTier: 2, isRecurring: true });
    expect(initialSupportFormState(tiers, 7, 300)).toMatchObject({ amount: 5, selectedTier: null });
  });

  it('never opens on an amount below the creator’s minimum', () => {
    expect(initialSupportFormState(tiers, null, 1_000).amount).toBe(10);
    expect(initialSupportFormState(tiers, null, 450).amount).toBe(5);
  });

  it('selecting a tier sets the amount, clears the custom amount, remembers the tier and takes its monthly flag', () => {
    let state = supportFormReducer(start(), { type: 'setCustomAmount', value: '42' });
    state = supportFormReducer(state, { type: 'selectTier', tier: monthly });
    expect(state).toMatchObject({ amount: 25, customAmount: '', selectedTier: 2, isRecurring: true });
    state = supportFormReducer(state, { type: 'selectTier', tier: fiftyDollars });
    expect(state).toMatchObject({ amount: 50, selectedTier: 3, isRecurring: false });
  });

  it('typing a custom amount sets the parsed integer (0 when invalid) and deselects the tier', () => {
    let state = supportFormReducer(start(), { type: 'selectTier', tier: fiveDollars });
    state = supportFormReducer(state, { type: 'setCustomAmount', value: '12' });
    expect(state).toMatchObject({ amount: 12, customAmount: '12', selectedTier: null });
    expect(supportFormReducer(state, { type: 'setCustomAmount', value: 'abc' })).toMatchObject({
      amount: 0,
      customAmount: 'abc',
    });
    expect(supportFormReducer(state, { type: 'setCustomAmount', value: '' }).amount).toBe(0);
  });

  it('keeps the monthly flag when typing a custom amount, and lets it be toggled freely', () => {
    let state = supportFormReducer(start(), { type: 'selectTier', tier: monthly });
    state = supportFormReducer(state, { type: 'setCustomAmount', value: '30' });
    expect(state.isRecurring).toBe(true);
    state = supportFormReducer(state, { type: 'setRecurring', value: false });
    expect(state).toMatchObject({ isRecurring: false, amount: 30 });
    state = supportFormReducer(supportFormReducer(state, { type: 'selectTier', tier: fiveDollars }), {
      type: 'setRecurring',
      value: true,
    });
    expect(state).toMatchObject({ isRecurring: true, selectedTier: 0, amount: 5 });
  });

  it('keeps the typed name while anonymous, so unticking brings it back', () => {
    let state = supportFormReducer(start(), { type: 'setField', field: 'name', value: 'Jordan' });
    state = supportFormReducer(state, { type: 'setAnonymous', value: true });
    expect(state).toMatchObject({ isAnonymous: true, name: 'Jordan' });
    expect(supportFormReducer(state, { type: 'setAnonymous', value: false })).toMatchObject({
      isAnonymous: false,
      name: 'Jordan',
    });
  });

  it('never keeps the supporter wall with anonymous', () => {
    let state = supportFormReducer(start(), { type: 'setShowOnWall', value: true });
    expect(state.showOnWall).toBe(true);
    state = supportFormReducer(state, { type: 'setAnonymous', value: true });
    expect(state).toMatchObject({ isAnonymous: true, showOnWall: false });
    expect(supportFormReducer(state, { type: 'setShowOnWall', value: true }).showOnWall).toBe(false);
  });

  it('cuts a message at 200 characters', () => {
    expect(
      supportFormReducer(start(), { type: 'setField', field: 'message', value: 'x'.repeat(250) }).message,
    ).toHaveLength(200);
  });

  it('prefills name and email from the account without overwriting what was typed', () => {
    const typed: SupportFormState = { ...start(), email: 'typed@example.com' };
    expect(supportFormReducer(typed, { type: 'prefill', name: 'Sam', email: 'sam@example.com' })).toMatchObject({
      name: 'Sam',
      email: 'typed@example.com',
    });
  });
});

describe('parseCustomAmount', () => {
  it('reads whole dollars and gives 0 for anything invalid', () => {
    expect(parseCustomAmount('25')).toBe(25);
    expect(parseCustomAmount(' 7 ')).toBe(7);
    expect(parseCustomAmount('12.90')).toBe(12);
    expect(parseCustomAmount('abc')).toBe(0);
    expect(parseCustomAmount('')).toBe(0);
    expect(parseCustomAmount('-5')).toBe(0);
    expect(parseCustomAmount('0')).toBe(0);
    expect(parseCustomAmount('9'.repeat(30))).toBe(0);
  });
});
