// Messages that services and the HTTP plugins both send. They live here, below both, so that a service
// never imports a plugin (the layer rule in eslint.config.js).

/** A request that needs a signed-in user came without one (or the user is gone). */
export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** The summary over several field errors of one form. */
export const INVALID_INPUT_MESSAGE = 'Please correct the highlighted fields.';
