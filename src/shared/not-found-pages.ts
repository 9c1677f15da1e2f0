/**
 * The three not-found pages' words, written once for the server's 404 documents
 * (server/pages/content.ts `notFoundMain`) and the app's views (web routes not-found,
 * product, blog-post), so a visitor reads the same page before and after the app mounts.
 * Headings from the spec: 'Product Not Found' with a link to browse all products
 * (storefront spec), 'Blog Post Not Found' (back-office spec section 2).
 */
export interface NotFoundPage {
  heading: string;
  text: string;
  /** The page's links, main one first. */
  links: readonly { label: string; href: string }[];
}

export const NOT_FOUND_PAGES = {
  page: {
    heading: 'Page Not Found',
    text: 'The page you are looking for does not exist or has moved.',
    links: [
      { label: 'Back to Home', href: '/' },
      { label: 'Browse Pins', href: '/wholesale' },
    ],
  },
  product: {
    heading: 'Product Not Found',
    text: 'This pin may have sold out for good or the link is wrong.',
    links: [{ label: 'Browse All Products', href: '/wholesale' }],
  },
  blogPost: {
    heading: 'Blog Post Not Found',
    text: 'This article may have been moved or taken down.',
    links: [{ label: 'Back to Blog', href: '/blog' }],
  },
} as const satisfies Record<string, NotFoundPage>;

export type NotFoundKind = keyof typeof NOT_FOUND_PAGES;
