/**
 * Transport-neutral errors thrown by services; only the HTTP layer turns a code into a status.
 */
export type AppErrorCode = 'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A single-field validation failure, e.g. `fieldError('username', 'Username is not available')`. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: message });
}

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

/** Unique violations arrive as `cause.code === '23505'` through drizzle on both drivers. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((e) => {
    const err = e as { code?: string; constraint?: string; constraint_name?: string } | undefined;
    return (
      err?.code === '23505' && (!constraint || err.constraint === constraint || err.constraint_name === constraint)
    );
  });
}
