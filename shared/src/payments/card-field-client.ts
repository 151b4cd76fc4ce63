/** What the card field answers once it has tried to pay or save the card: the provider's own status and reason. */
export interface CardFieldResult {
  status: 'succeeded' | 'processing' | 'failed' | 'invalid';
  message: string | null;
}

/**
 * The provider's card field, whichever provider serves it (the sandbox's frame, Stripe's Payment Element), in payment
 * mode (a checkout confirms an intent) or setup mode (a card saved for later payments, no charge): the page asks it to
 * confirm and hears back a status and the provider's reason; the card never reaches the page.
 */
export interface CardFieldHandle {
  /**
   * Confirms the intent (payment mode) or the setup (setup mode) with the card typed in the field; a bank challenge
   * happens there.
   */
  confirm(id: string, clientSecret: string): Promise<CardFieldResult>;
  /**
   * The client secret the field is mounted for, when it needs one before the card can be typed (Stripe's Payment
   * Element); null for a field that takes the card first (the sandbox's).
   */
  mountedFor(): string | null;
}

/** A payment mode field pays an intent; a setup mode field saves the card for later payments without a charge. */
export type CardFieldMode = 'payment' | 'setup';
