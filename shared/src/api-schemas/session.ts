import { z } from 'zod';

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  displayName: z.string(),
  isCreator: z.boolean(),
  userType: z.enum(['creator', 'supporter']),
  emailVerified: z.boolean(),
  /** True only for operators (absent otherwise): the shell then offers the operator console. */
  isOperator: z.boolean().optional(),
});

export const sessionResponseSchema = z.object({ user: sessionUserSchema });
/** GET /api/auth/me: `user` is null for a visitor (not an error: most visitors are signed out). */
export const currentUserResponseSchema = z.object({ user: sessionUserSchema.nullable() });

export type CurrentUserResponseDto = z.infer<typeof currentUserResponseSchema>;
