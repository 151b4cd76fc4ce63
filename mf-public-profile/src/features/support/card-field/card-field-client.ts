/** What the card field answers once it has tried to pay: the provider's own status and reason. */
export interface CardFieldResult {
  status: 'succeeded' | 'processing' | 'failed' | 'invalid';
  message: string | null;
}

/**
 * The checkout's card field, whichever provider serves it (the sandbox's frame, Stripe's Payment Element): the page
 * asks it to confirm an intent and hears back a status and the provider's reason; the card never reaches the page.
 */
export interface CardFieldHandle {
  /** Confirms the intent with the card typed in the field (a bank challenge happens there). */
  confirm(intentId: string, clientSecret: string): Promise<CardFieldResult>;
  /**
   * The intent the field is mounted for, when it needs one before the card can be typed (Stripe's Payment Element);
   * null for a field that takes the card first (the sandbox's).
   */
  mountedFor(): string | null;
}
