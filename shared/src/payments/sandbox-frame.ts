/**
 * The sandbox's card frame runs in an origin of its own: its policy sandboxes it without `allow-same-origin`, so
 * its origin is opaque, as a real provider's field on the provider's domain is foreign to the site. Its messages
 * therefore arrive from the origin "null" (checked with the sender, which must be the frame's window), and the
 * page can address it only with "*": what the page sends it (an intent's id and client secret) is what a real
 * provider's field receives too.
 */
export const SANDBOX_FRAME_ORIGIN = 'null';
export const SANDBOX_FRAME_TARGET = '*';
