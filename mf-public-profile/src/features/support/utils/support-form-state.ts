import type { PublicTierDto } from '@beabro/shared/api-schemas/public-profile';
import { centsToDollars } from '@beabro/shared/money/dollars-to-cents';
import { DEFAULT_SUPPORT_AMOUNT_DOLLARS, MESSAGE_MAX_LENGTH } from '@beabro/shared/data/defaults';

/*
 * The support page's state rules, as a pure reducer so they are tested on their own
 * (docs/product-rules.md#choosing-the-amount):
 * - selecting a tier sets the amount, clears the custom amount, remembers the tier and sets monthly
 *   to the tier's recurring value;
 * - typing a custom amount sets the amount to the parsed integer (0 if invalid) and deselects the tier;
 * - the monthly flag can be toggled freely;
 * - ticking anonymous disables the name (the name is then sent as "Anonymous") and takes the supporter
 *   off the supporter wall (anonymous supporters never appear on it);
 * - the default amount is 5.
 */

type TierChoice = Pick<PublicTierDto, 'position' | 'amountCents' | 'isRecurring'>;

export interface SupportFormState {
  /** The effective amount in whole dollars: the tier's, the parsed custom amount, or the default. */
  amount: number;
  /** Position of the chosen tier, or null. */
  selectedTier: number | null;
  /** The Custom Amount input, as typed. */
  customAmount: string;
  isRecurring: boolean;
  name: string;
  email: string;
  message: string;
  isAnonymous: boolean;
  /** "Show me on the supporter wall": off unless the supporter ticks it. */
  showOnWall: boolean;
}

export type TextField = 'name' | 'email' | 'message';

export type SupportFormAction =
  | { type: 'selectTier'; tier: TierChoice }
  | { type: 'setCustomAmount'; value: string }
  | { type: 'setRecurring'; value: boolean }
  | { type: 'setAnonymous'; value: boolean }
  | { type: 'setShowOnWall'; value: boolean }
  | { type: 'setField'; field: TextField; value: string }
  /** Fills name and email from the signed-in account, never over what the supporter typed. */
  | { type: 'prefill'; name: string; email: string };

/** The parsed integer, 0 when invalid ("12" -> 12, "12.9" -> 12, "abc" -> 0, "-3" -> 0). */
export function parseCustomAmount(value: string): number {
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : 0;
}

export function tierDollars(tier: Pick<PublicTierDto, 'amountCents'>): number {
  return centsToDollars(tier.amountCents);
}

/**
 * The page's first state: the tier asked for in `?tier=` when the creator has it, else the default
 * amount (raised to the creator's minimum, so the page never opens on an amount it would refuse).
 */
export function initialSupportFormState(
  tiers: readonly TierChoice[],
  requestedTier: number | null,
  minimumAmountCents = 0,
): SupportFormState {
  const base: SupportFormState = {
    amount: Math.max(DEFAULT_SUPPORT_AMOUNT_DOLLARS, Math.ceil(minimumAmountCents / 100)),
    selectedTier: null,
    customAmount: '',
    isRecurring: false,
    name: '',
    email: '',
    message: '',
    isAnonymous: false,
    showOnWall: false,
  };
  const tier = requestedTier === null ? undefined : tiers.find((t) => t.position === requestedTier);
  return tier ? supportFormReducer(base, { type: 'selectTier', tier }) : base;
}

export function supportFormReducer(state: SupportFormState, action: SupportFormAction): SupportFormState {
  switch (action.type) {
    case 'selectTier':
      return {
        ...state,
        amount: tierDollars(action.tier),
        customAmount: '',
        selectedTier: action.tier.position,
        isRecurring: action.tier.isRecurring,
      };
    case 'setCustomAmount':
      return { ...state, customAmount: action.value, amount: parseCustomAmount(action.value), selectedTier: null };
    case 'setRecurring':
      return { ...state, isRecurring: action.value };
    case 'setAnonymous':
      return { ...state, isAnonymous: action.value, showOnWall: action.value ? false : state.showOnWall };
    case 'setShowOnWall':
      return { ...state, showOnWall: state.isAnonymous ? false : action.value };
    case 'setField':
      return {
        ...state,
        [action.field]: action.field === 'message' ? action.value.slice(0, MESSAGE_MAX_LENGTH) : action.value,
      };
    case 'prefill':
      return { ...state, name: state.name || action.name, email: state.email || action.email };
  }
}
