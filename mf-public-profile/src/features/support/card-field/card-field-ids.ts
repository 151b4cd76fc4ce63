/** The card field's error line (either provider's field), named by the field's aria-describedby. */
export const CARD_FIELD_ERROR_ID = 'support-card-error';
