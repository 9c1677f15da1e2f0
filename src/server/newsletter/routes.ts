/**
 * POST /api/newsletter-signup {email, source} (storefront spec section 7): validated,
 * rate-limited per client address (NEWSLETTER_RATE_LIMIT per 10 minutes), always the same
 * 200 answer (`NEWSLETTER_SIGNUP_MESSAGE`) whatever the address's state, so it reveals
 * nothing. The confirmation link (double opt-in): GET /api/newsletter/confirm?token= shows
 * a page that asks (a scanner opening the link confirms nothing), POST confirms; a used
 * link says the subscription is already confirmed, a bad or expired one answers 400.
 */
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NEWSLETTER_SIGNUP_MESSAGE, NewsletterSignupBody } from '../../shared/schemas/campaigns';
import { endSentence } from '../../shared/sentence';
import { apiErrors, HttpError } from '../lib/errors';
import { acceptLinkPageForms, simpleHtmlPage } from '../lib/html-page';
import { clientAddress, rateLimit } from '../lib/rate-limit';
import { confirm, confirmationState, signUp } from './service';

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

  // The confirmation link (its own plugin: the page's form posts form-encoded).
  await instance.register(async (scope) => {
    acceptLinkPageForms(scope);
    const confirmApp = scope.withTypeProvider<ZodTypeProvider>();
    const TokenQuery = z.object({ token: z.string().max(100).default('') });
    const e = escapeHtml;
    const page = (reply: FastifyReply, status: number, title: string, body: string) =>
      reply
        .status(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(simpleHtmlPage(title, `${body}<p><a href="/">Back to the shop</a></p>`));
    // A bad or expired link: the API's JSON error (DECISIONS.md: every API error is JSON).
    const invalid = (): never => {
      throw new HttpError(
        400,
        'This confirmation link is invalid or has expired. Sign up again in the shop to get a new one.',
      );
    };
    const already = (reply: FastifyReply) =>
      page(
        reply,
        200,
        'Already confirmed',
        `<p>This subscription is already confirmed. Your personal 15% code was e-mailed when it was confirmed.</p>`,
      );

    // Opening the link asks first: a mail scanner following it confirms nothing.
    confirmApp.get(
      '/api/newsletter/confirm',
      { schema: { querystring: TokenQuery } },
      async (request, reply) => {
        const state = await confirmationState(db, request.query.token);
        if (state === 'invalid') return invalid();
        if (state === 'confirmed') return already(reply);
        const action = `/api/newsletter/confirm?token=${encodeURIComponent(request.query.token)}`;
        return page(
          reply,
          200,
          'Confirm your subscription',
          `<p>Get news, new designs and your personal 15% code from ${e(endSentence(config.STORE_NAME))}</p><form method="post" action="${e(action)}"><button type="submit">Confirm subscription</button></form>`,
        );
      },
    );

    confirmApp.post(
      '/api/newsletter/confirm',
      { schema: { querystring: TokenQuery } },
      async (request, reply) => {
        const done = await confirm(db, deps, request.query.token);
        if (!done) {
          const state = await confirmationState(db, request.query.token);
          if (state === 'confirmed') return already(reply);
          return invalid();
        }
        mail.flush().catch((err) => request.log.error({ err }, 'mail flush failed'));
        return page(
          reply,
          200,
          'You are subscribed!',
          done.code
            ? `<p>Welcome to ${e(endSentence(config.STORE_NAME))} Your personal 15% code is on its way to ${e(done.email)}.</p>`
            : `<p>Welcome back to ${e(endSentence(config.STORE_NAME))} A welcome mail is on its way to ${e(done.email)}.</p>`,
        );
      },
    );
  });
}
