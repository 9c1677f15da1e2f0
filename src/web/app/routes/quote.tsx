/**
 * /quote (storefront spec section 2 "Quote page"): explainer of the quoting process,
 * the quote request form, and the 'Why choose' section. The texts above the form are
 * shared with the server's HTML (shared/quote-page.ts).
 */
import { QUOTE_PAGE } from '@shared/quote-page';
import { QUOTE_RESPONSE_HOURS } from '@shared/schemas/quotes';
import { Clock, Palette, Sparkles } from 'lucide-react';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { store } from '@/config/store';
import { QuoteForm } from '@/features/quote/components/quote-form';

const WHY = [
  {
    icon: Clock,
    title: `${QUOTE_RESPONSE_HOURS}-Hour Quotes`,
    text: `A detailed quote and free mockup within ${QUOTE_RESPONSE_HOURS} hours.`,
  },
  {
    icon: Palette,
    title: 'Professional Design',
    text: 'Experienced designers prepare your artwork for production at no extra cost.',
  },
  {
    icon: Sparkles,
    title: 'Premium Quality',
    text: 'Durable plating, vivid enamel and careful quality checks on every order.',
  },
];

export function Component() {
  return (
    <PageMain className="bg-slate-50">
      <DocumentTitle>{'Get Custom Golf Pin Quote - Free 24hr Mockup'}</DocumentTitle>
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        <p className="text-sm font-semibold tracking-wide text-green-800 uppercase">
          {QUOTE_PAGE.eyebrow}
        </p>
        <h1 className="mt-1 text-2xl font-bold sm:text-4xl">{QUOTE_PAGE.heading}</h1>
        <p className="mt-3 text-slate-700">{QUOTE_PAGE.lead(store.name)}</p>

        <section aria-labelledby="quote-how" className="mt-8">
          <h2 id="quote-how" className="text-xl font-semibold">
            {QUOTE_PAGE.explainerHeading}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {QUOTE_PAGE.explainer.map((item) => (
              <li key={item.title} className="rounded-xl border bg-white p-4">
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-8">
          <QuoteForm />
        </div>

        <section aria-labelledby="quote-why" className="mt-12">
          <h2 id="quote-why" className="text-xl font-semibold">
            Why Choose {store.name}?
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {WHY.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-white p-4 text-center">
                <Icon className="mx-auto size-8 text-green-800" aria-hidden="true" />
                <h3 className="mt-2 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageMain>
  );
}
