/**
 * POST /api/newsletter-signup {email, source} (storefront spec section 7): validated,
 * rate-limited per client address (NEWSLETTER_RATE_LIMIT per 10 minutes), always the same
 * 200 answer (`NEWSLETTER_SIGNUP_MESSAGE`) whatever the address's state, so it reveals
 * nothing. GET /api/newsletter/confirm?token= confirms (double opt-in) and shows a page.
 */
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWSLETTER_SIGNUP_MESSAGE, NewsletterSignupBody } from '../../shared/schemas/campaigns';
import { apiErrors, HttpError } from '../lib/errors';
import { clientAddress, rateLimit } from '../lib/rate-limit';
import { confirm, signUp } from './service';

export async function newsletterRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, mail } = app.deps;
  const deps = { config, mail };

  app.post(
    '/api/newsletter-signup',
    {
      preValidation: rateLimit({
        name: 'newsletter',
        max: config.NEWSLETTER_RATE_LIMIT,
        windowMs: 10 * 60_000,
        by: clientAddress,
      }),
      schema: {
        body: NewsletterSignupBody,
        response: { 200: z.object({ message: z.string() }), ...apiErrors(400, 429) },
      },
    },
    async (request) => {
      const outcome = await signUp(db, deps, request.body.email, request.body.source);
      request.log.info({ outcome }, 'newsletter sign-up');
      mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));
      return { message: NEWSLETTER_SIGNUP_MESSAGE };
    },
  );

  app.get(
    '/api/newsletter/confirm',
    { schema: { querystring: z.object({ token: z.string().max(100).default('') }) } },
    async (request, reply) => {
      const done = await confirm(db, deps, request.query.token);
      if (!done) {
        throw new HttpError(
          400,
          'This confirmation link is invalid, used or expired. Sign up again to get a new one.',
        );
      }
      mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));
      const e = escapeHtml;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Subscription confirmed | ${e(config.STORE_NAME)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111}a{color:#14532d}</style></head><body><main><h1>You are subscribed!</h1><p>Welcome to ${e(config.STORE_NAME)}. Your personal 15% code is on its way to ${e(done.email)}.</p><p><a href="/">Back to the shop</a></p></main></body></html>`,
        );
    },
  );
}
