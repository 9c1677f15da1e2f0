/**
 * A small stand-alone HTML page for answers a link in an e-mail opens outside the app
 * (unsubscribe, newsletter confirmation): a title, a body and the shop's colours, with
 * `lang`, a viewport and one `<main>` landmark so it is readable on a phone and axe-clean.
 * `bodyHtml` must already be escaped; the title is escaped here.
 */
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';

export function simpleHtmlPage(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111}a{color:#14532d}button{font:inherit;padding:.5rem 1rem;background:#14532d;color:#fff;border:0;border-radius:.375rem;cursor:pointer}</style></head><body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body></html>`;
}

/**
 * Lets `scope` take the form posts of such a page and RFC 8058's one-click
 * `List-Unsubscribe=One-Click`, which a mail provider SHOULD send as multipart/form-data
 * and MAY send form-encoded (RFC 8058 section 3.1): bodies of either type, at most 4 KB,
 * read as nothing, since these routes act on their query (the link's token) alone.
 */
export function acceptLinkPageForms(scope: FastifyInstance): void {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 4096 }, (_r, _b, done) =>
      done(null, {}),
    );
  }
}
