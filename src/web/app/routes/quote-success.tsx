/**
 * /quote-success (storefront spec section 2 "Quote confirmation"): the heading (focused on
 * arrival by RouteFocus, described by 'Your request has been received.'), check your email,
 * 24-hour response, direct contact; 'What Happens Next?'; links home and to the
 * catalogue. On load it pushes `{event: 'quote_submitted'}` to `window.dataLayer`
 * only when a configured tag manager created it (DECISIONS.md: no third-party script
 * loads unless configured; nothing is loaded here).
 */
import { QUOTE_RESPONSE_HOURS } from '@shared/schemas/quotes';
import { CheckCircle2, Clock, Mail, MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { store } from '@/config/store';

/** Pushes the conversion event once per visit of the page, if a data layer exists. */
function useQuoteSubmittedEvent() {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const layer = (window as { dataLayer?: unknown }).dataLayer;
    if (Array.isArray(layer)) layer.push({ event: 'quote_submitted' });
  }, []);
}

const NEXT_STEPS = [
  'Our design team reviews your project details and artwork.',
  'We prepare your quote and a free digital mockup.',
  'You receive a personalised response with pricing and next steps.',
];

export function Component() {
  useQuoteSubmittedEvent();
  const blocks = [
    {
      icon: Mail,
      title: 'Check Your Email',
      text: 'We sent a confirmation with the details of your request.',
    },
    {
      icon: Clock,
      title: `${QUOTE_RESPONSE_HOURS}-Hour Response`,
      text: `You will hear from us with a quote and mockup within ${QUOTE_RESPONSE_HOURS} hours.`,
    },
    {
      icon: MessageSquare,
      title: 'Direct Contact',
      text: (
        <>
          Questions in the meantime? E-mail us at{' '}
          <a
            href={`mailto:${store.email}`}
            className="font-medium text-green-800 underline underline-offset-4"
          >
            {store.email}
          </a>
          .
        </>
      ),
    },
  ];
  return (
    <PageMain className="bg-slate-50">
      <DocumentTitle>{`Quote Request Received | ${store.name}`}</DocumentTitle>
      <div className="mx-auto w-full max-w-3xl px-4 py-10 text-center sm:px-6 sm:py-16">
        <CheckCircle2 className="mx-auto size-14 text-green-700" aria-hidden="true" />
        {/* Focused on arrival (RouteFocus): read with the line saying what happened. */}
        <h1 className="mt-4 text-2xl font-bold sm:text-4xl" aria-describedby="quote-received">
          Thank You for Your Quote Request!
        </h1>
        <p id="quote-received" className="mt-3 text-slate-700">
          Your request has been received. Here is what to expect.
        </p>

        <ul className="mt-8 grid gap-4 text-left sm:grid-cols-3">
          {blocks.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-white p-4">
              <Icon className="size-6 text-green-800" aria-hidden="true" />
              <h2 className="mt-2 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>

        <section
          aria-labelledby="next-steps"
          className="mt-8 rounded-xl border bg-white p-6 text-left"
        >
          <h2 id="next-steps" className="text-lg font-semibold">
            What Happens Next?
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>

        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">Return to Homepage</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/wholesale">Browse Pre-Made Pins</Link>
          </Button>
        </div>
      </div>
    </PageMain>
  );
}
