import { z } from 'zod';

/** Every 4xx/5xx body of the API: a message for the form, and per-field messages when a field is at fault. */
export const apiErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
