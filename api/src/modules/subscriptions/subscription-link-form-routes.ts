import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CANCEL_LINK_ACTIONS,
  CANCEL_LINK_PAGE_PATH,
  PAUSE_CHOICES,
  SUBSCRIPTION_MESSAGES,
  type CancelLinkError,
  type PauseMonths,
} from '@beabro/shared/api-schemas/subscriptions';
import { AppError } from '../../lib/app-error';
import { acceptPageForms, redirectToPage, refuseForeignForm } from '../../lib/page-form';
import { requestLinkOrigin } from '../../lib/link-origin';
import { cancelByLink, pauseByLink, resumeByLink } from './subscriptions-service';
import type { MoneyRouteOptions } from '../payments/money-deps';

const formSchema = z.object({
  token: z.string().max(1000).default(''),
  action: z.enum(CANCEL_LINK_ACTIONS, { error: 'Choose cancel, pause or resume' }),
  months: z.enum(PAUSE_CHOICES, { error: SUBSCRIPTION_MESSAGES.pauseMonthsInvalid }).default('1'),
});

/** The message key of a refusal, so the page shows our words and never text taken from its address. */
function errorKeyOf(error: AppError): CancelLinkError {
  const key = (Object.keys(SUBSCRIPTION_MESSAGES) as Array<keyof typeof SUBSCRIPTION_MESSAGES>).find(
    (k) => SUBSCRIPTION_MESSAGES[k] === error.message,
  );
  return key ?? (error.code === 'not_found' ? 'notFound' : 'linkInvalid');
}

/**
 * POST /subscriptions/cancel: the cancel-link page's buttons when the browser runs no JavaScript (with
 * JavaScript the page calls the /api/subscriptions/*-by-link routes). Back to the page, which shows the
 * support as it now is, and what was done or why not.
 */
export const subscriptionLinkFormRoutes: FastifyPluginAsyncZod<MoneyRouteOptions> = async (app, { appSecret }) => {
  acceptPageForms(app);
  app.post(
    CANCEL_LINK_PAGE_PATH,
    { schema: { hide: true, body: formSchema }, preHandler: refuseForeignForm },
    async (request, reply) => {
      const { action, months } = request.body;
      const token = request.body.token.trim();
      const links = { appSecret, origin: requestLinkOrigin(app.config, request) };
      try {
        if (action === 'cancel') await cancelByLink(app.db, appSecret, token, links.origin);
        else if (action === 'pause')
          await pauseByLink(app.db, token, months === 'until-resumed' ? null : (Number(months) as PauseMonths), links);
        else await resumeByLink(app.db, token, links);
      } catch (error) {
        if (!(error instanceof AppError))
          request.log.error({ err: error }, `${action} from the cancel-link page form failed`);
        return redirectToPage(reply, CANCEL_LINK_PAGE_PATH, {
          token,
          action,
          error: error instanceof AppError ? errorKeyOf(error) : 'failed',
        });
      }
      return redirectToPage(reply, CANCEL_LINK_PAGE_PATH, { token, done: action });
    },
  );
};
