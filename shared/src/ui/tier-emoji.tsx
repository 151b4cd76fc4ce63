/**
 * Where a tier's emoji is drawn: the systems' colour-emoji fonts first, then the site's own subset of the four
 * default tier emoji (the @font-face in the shell's page, shared/build/create-rspack-config.mjs), so a system
 * without a colour-emoji font shows them instead of empty boxes. Any other emoji a creator picks uses the
 * system's fonts as before.
 */
export const TIER_EMOJI_FONT_FAMILY =
  "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', 'Be a Bro Tier Emoji', sans-serif";

/**
 * The emoji's box: one square em whatever font ends up drawing it, so the web font arriving later (font-display:
 * swap) moves nothing on the page.
 */
export const tierEmojiStyle = {
  fontFamily: TIER_EMOJI_FONT_FAMILY,
  display: 'inline-block',
  width: '1.25em',
  height: '1.25em',
  lineHeight: '1.25em',
  textAlign: 'center',
  overflow: 'hidden',
  // overflow puts an inline-block's baseline at its bottom edge: lowered to sit with the text around it.
  verticalAlign: '-0.25em',
  flex: 'none',
} as const;
