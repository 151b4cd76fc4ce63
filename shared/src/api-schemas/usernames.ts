import { z } from 'zod';

/** GET /api/usernames/:username/availability. The server normalises what it gets, like the username input does. */
export const usernameAvailabilityParamsSchema = z.object({
  // Generous bound: anything longer cannot normalise to a valid username anyway, and it keeps URLs small.
  username: z.string().max(200),
});

export const usernameAvailabilitySchema = z.object({
  /** The normalised username the verdict is about (lowercased, a-z 0-9 _ only). */
  username: z.string(),
  available: z.boolean(),
  /** "Username is available!", "Username is not available", or why the name cannot be used. */
  message: z.string(),
});

export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;
