/**
 * A post's body (back-office spec section 2 "Blog post"): the post HTML sanitised again in
 * the browser with DOMPurify (the server sanitises on every write with the same rules;
 * DECISIONS.md "Blog HTML is sanitised"), rendered as elements rather than as an innerHTML
 * string. Preact's first render over the server's page (start.tsx) keeps existing nodes
 * that match its elements, but sets `innerHTML` again whenever it has no earlier render
 * to compare with, so the server's body (images and all) was rebuilt at every mount; as
 * elements, each of the server's nodes is kept (docs/decisions.md, issue 10).
 */
import { POST_HTML_ATTRIBUTES, prefixFragmentLinks } from '@shared/blog';
import DOMPurify from 'dompurify';
import { createElement, type ReactNode, useMemo } from 'react';

/** DOMPurify's HTML profile without styles, frames or form controls (server/lib/sanitize.ts). */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'];

const ELEMENT = 1;
const TEXT = 3;

/** Attribute names that would mean something else as props (events, React's own). */
const notAProp = (name: string) =>
  /^on/i.test(name) || name === 'key' || name === 'ref' || name === 'children';

function toNodes(nodes: NodeListOf<ChildNode>): ReactNode[] {
  const out: ReactNode[] = [];
  for (const node of nodes) {
    if (node.nodeType === TEXT) out.push((node as Text).data);
    else if (node.nodeType === ELEMENT) out.push(toElement(node as Element));
    // Comments and the like are not shown.
  }
  return out;
}

function toElement(element: Element): ReactNode {
  const props: Record<string, string> = {};
  for (const { name, value } of element.attributes) if (!notAProp(name)) props[name] = value;
  // The server's rule on write (blog/service.ts), kept here for HTML that missed it.
  if (element.localName === 'a' && props.target === '_blank' && !props.rel)
    props.rel = 'noopener noreferrer';
  return createElement(element.localName, props, ...toNodes(element.childNodes));
}

/**
 * `html` sanitised (HTML profile; no script, style, frames, form controls, event handlers
 * or `javascript:` links; links keep `target`) and turned into elements and texts, in the
 * order and with the attributes the browser's parser gives them.
 */
export function sanitizedPostNodes(html: string): ReactNode[] {
  const fragment = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: [...POST_HTML_ATTRIBUTES.forbid],
    ADD_ATTR: [...POST_HTML_ATTRIBUTES.add],
    // Ids and names prefixed `user-content-`, as the server does (server/lib/sanitize.ts).
    SANITIZE_NAMED_PROPS: true,
    RETURN_DOM_FRAGMENT: true,
  });
  prefixFragmentLinks(fragment);
  return toNodes(fragment.childNodes);
}

/** The post body in a `<div className>`. */
export function PostBody({ html, className }: { html: string; className: string }) {
  const nodes = useMemo(() => sanitizedPostNodes(html), [html]);
  return <div className={className}>{nodes}</div>;
}
