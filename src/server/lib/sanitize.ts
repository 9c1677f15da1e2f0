/**
 * The server's one HTML/SVG sanitiser (DOMPurify over a jsdom window, created once):
 * DECISIONS.md "Security": sanitised HTML and SVG. Every module that stores or sends
 * markup written by someone else (blog posts, campaign mails, uploaded SVG) cleans it here.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { prefixFragmentLinks } from '../../shared/blog';

let purifier: ReturnType<typeof createDOMPurify> | null = null;

/** The shared DOMPurify instance (one jsdom window for the process). */
export function domPurify(): ReturnType<typeof createDOMPurify> {
  purifier ??= createDOMPurify(new JSDOM('').window);
  return purifier;
}

/** Tags no rich text of the shop keeps: styles, frames and form controls. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'];

/**
 * Rich text (an editor's HTML) made safe: DOMPurify's HTML profile (no script or event
 * handlers; `javascript:` and other unsafe links dropped), without `FORBID_TAGS`.
 * `forbidAttributes` and `addAttributes` tune it per use (e.g. no `style` on the blog,
 * `target` kept on links). Ids and names are prefixed `user-content-` (no clobbering of
 * the page's own elements), and links to them within the text (`#faq`) follow. Returns
 * the clean HTML string.
 */
export function sanitizeRichHtml(
  html: string,
  options: { forbidAttributes?: string[]; addAttributes?: string[] } = {},
): string {
  const purifier = domPurify();
  const fragment = purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: options.forbidAttributes ?? [],
    ADD_ATTR: options.addAttributes ?? [],
    // `id` and `name` get DOMPurify's `user-content-` prefix: a post's element can never
    // take the id of the page's own (its `#store-facts` and `#page-data` data scripts
    // come after the post body, so `getElementById` would find the post's first).
    SANITIZE_NAMED_PROPS: true,
    RETURN_DOM_FRAGMENT: true,
  });
  // Links within the text follow their prefixed targets ('#faq' -> '#user-content-faq').
  prefixFragmentLinks(fragment);
  const holder = fragment.ownerDocument.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
