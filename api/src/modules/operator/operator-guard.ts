import type { FastifyRequest } from 'fastify';
import { OPERATOR_ONLY_MESSAGE, OPERATOR_TWO_FACTOR_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { AppError } from '../../lib/app-error';
import { SIGN_IN_REQUIRED } from '../../lib/messages';

/** The operator making a request: their id and the email their audit entries name. */
export interface OperatorActor {
  userId: string;
  email: string;
}

/**
 * Every operator route: a visitor 401, anyone but an operator 403, and an operator whose session was not
 * started by a two-factor sign-in 403 with OPERATOR_TWO_FACTOR_MESSAGE.
 */
export function requireOperator(request: FastifyRequest): OperatorActor {
  const user = request.user;
  if (!user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  if (user.isOperator !== true) throw new AppError('forbidden', OPERATOR_ONLY_MESSAGE);
  if (!request.sessionTwoFactor) throw new AppError('forbidden', OPERATOR_TWO_FACTOR_MESSAGE);
  return { userId: user.id, email: user.email };
}
