export { outboxHtml } from '../modules/email/email-template';

/** Stands in for an outbox row a test did not find, so its assertion fails on the HTML rather than on a type. */
export const NO_EMAIL = { htmlBody: null, content: null };
