import { z } from 'zod';

/** How many supporters one page of a creator's wall shows. */
export const SUPPORTER_WALL_PAGE_SIZE = 12;
/** Pages past this are refused (a wall that long is read page by page, not jumped into). */
export const SUPPORTER_WALL_MAX_PAGE = 10_000;

export const SUPPORTER_WALL_MESSAGES = {
  notOnWall: 'This supporter is not on your wall.',
  supportNotFound: 'Support not found.',
  notSupporter: 'You are not on this creator’s supporter wall.',
  changesLimited: 'Too many wall changes at once. Try again in a minute.',
} as const;

/** One supporter on a creator's wall: the name they gave and the tier of the support that put them there. */
export const supporterWallEntrySchema = z.object({
  /** The support that put them on the wall (their newest that opted in). */
  id: z.uuid(),
  name: z.string(),
  /** The tier's current name; null when they chose a custom amount. */
  tierName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** GET /api/creators/:username/wall: newest first, one page. */
export const supporterWallPageSchema = z.object({
  entries: z.array(supporterWallEntrySchema),
  /** 1-based. */
  page: z.number().int().min(1),
  /** At least 1 (an empty wall has one empty page). */
  pageCount: z.number().int().min(1),
  /** Supporters on the wall. */
  total: z.number().int().min(0),
});

export const supporterWallQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int({ error: 'Page must be a whole number' })
      .min(1, { error: 'Page must be at least 1' })
      .max(SUPPORTER_WALL_MAX_PAGE, { error: `Page must be at most ${SUPPORTER_WALL_MAX_PAGE}` })
      .default(1),
  })
  .strict();

/** Where a supporter stands on the creator's wall, as the creator's dashboard shows it (null: not on it). */
export const WALL_STATES = ['shown', 'hidden'] as const;
export const wallStateSchema = z.enum(WALL_STATES);

/** PUT /api/creator/supports/:supportId/wall: the creator hides (or shows again) that support's supporter. */
export const wallVisibilityParamsSchema = z.object({ supportId: z.uuid({ error: 'Support not found.' }) });
export const wallVisibilityRequestSchema = z
  .object({ hidden: z.boolean({ error: 'Say whether to hide the supporter (true or false).' }) })
  .strict();
export const wallVisibilityResponseSchema = z.object({ wall: wallStateSchema });

/** DELETE /api/supporter/wall/:username: the signed-in supporter leaves that creator's wall. */
export const leaveWallResponseSchema = z.object({ onWall: z.literal(false) });

export type SupporterWallEntryDto = z.infer<typeof supporterWallEntrySchema>;
export type SupporterWallPageDto = z.infer<typeof supporterWallPageSchema>;
export type WallState = z.infer<typeof wallStateSchema>;
export type WallVisibilityResponse = z.infer<typeof wallVisibilityResponseSchema>;
export type LeaveWallResponse = z.infer<typeof leaveWallResponseSchema>;
