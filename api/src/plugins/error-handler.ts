import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, HTTP_STATUS } from '../lib/app-error';
import { INVALID_INPUT_MESSAGE } from '../lib/messages';

/** One error handler: field messages for bad input, codes from services, and no internals on 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
      const body =
        Object.keys(error.fieldErrors).length > 0
          ? { message: error.message, fieldErrors: error.fieldErrors }
          : { message: error.message };
      return reply.code(HTTP_STATUS[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String((issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '') ||
          '_';
        fieldErrors[field] ??= issue.message ?? 'This value is not valid';
      }
      return reply.code(400).send({ message: INVALID_INPUT_MESSAGE, fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: error.message });
  });
}
