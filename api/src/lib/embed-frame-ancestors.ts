/**
 * Who may put a page in a frame. Every page: nobody (clickjacking, page-rendering/page-security-policy.ts). The checkout in its embed layout
 * (`/{username}/support?embed=1`, opened by /embed.js on creators' own websites): any https site, and
 * http on localhost for development.
 */
export const EMBED_FRAME_ANCESTORS = "frame-ancestors 'self' https: http://localhost:* http://127.0.0.1:*";
