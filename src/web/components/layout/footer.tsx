/**
 * Site footer (storefront spec section 2, home page): links to /quote (once that page
 * is built, config/routes.ts) and /wholesale,
 * the contact e-mail and city, and social links only when configured (DECISIONS.md:
 * business facts and external links are configuration; unconfigured links are hidden).
 */

import { endSentence } from '@shared/sentence';
import { Link } from 'react-router';
import { isBuilt } from '@/config/routes';
import { store } from '@/config/store';

const linkClass =
  'inline-flex min-h-6 items-center rounded-sm text-slate-200 underline-offset-4 hover:text-white hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none';

export function Footer() {
  const social = [
    { label: 'Instagram', href: store.social.instagram },
    { label: 'Facebook', href: store.social.facebook },
  ].filter((s): s is { label: string; href: string } => Boolean(s.href));
  return (
    <footer className="mt-auto border-t-4 border-gold bg-brand-deep text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div>
          <p className="font-heading text-xl text-white">{store.name}</p>
          <p className="mt-2 text-sm">
            Custom soft-enamel golf pins, ball markers and commemorative coins, plus ready-made pins
            at wholesale prices.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Shop</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {isBuilt('/quote') && (
              <li>
                <Link to="/quote" className={linkClass}>
                  Get a Custom Quote
                </Link>
              </li>
            )}
            <li>
              <Link to="/wholesale" className={linkClass}>
                Wholesale Catalogue
              </Link>
            </li>
            <li>
              <Link to="/custom" className={linkClass}>
                Design a Custom Pin
              </Link>
            </li>
            <li>
              <Link to="/blog" className={linkClass}>
                Blog
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={`mailto:${store.email}`} className={linkClass}>
                {store.email}
              </a>
            </li>
            <li>{store.city}</li>
            {social.map((s) => (
              <li key={s.label}>
                <a href={s.href} className={linkClass} target="_blank" rel="noopener noreferrer">
                  {s.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-300 sm:px-6">
          © {new Date().getFullYear()} {endSentence(store.name)} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
