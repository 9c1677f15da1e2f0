/**
 * Home page (storefront spec section 2 "Home page"): hero with two large image links
 * (/quote, /wholesale), How It Works, the optional pin-preview teaser (only when
 * configured), ball-marker and coin promos, and Why Choose with the claims of spec
 * section 1 taken from config (DECISIONS.md). Art is inline SVG, no stock images.
 * Until the /quote page is built (config/routes.ts) the hero shows the wholesale link
 * alone with the e-mail address for custom quotes, and the promos carry no quote button.
 * The logo carousel, the bestsellers row and the testimonials come from GET /api/home
 * (admin-edited; sample entries are labelled as samples; an empty section is hidden).
 */
import { DEPOSIT_PERCENT, PIN_PLATINGS } from '@shared/pricing';
import { ArrowRight, Check } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { isBuilt } from '@/config/routes';
import { store } from '@/config/store';
import { useHomeContent } from '@/features/home/api';
import { Bestsellers } from '@/features/home/components/bestsellers';
import { AfterFirstRender } from '@/lib/after-first-render';
import { cn } from '@/lib/utils';

// Below the hero: loaded after the page's own chunk, not part of the first load (issue 12/10).
const LogoCarousel = lazy(() =>
  import('@/features/home/components/logo-carousel').then((m) => ({ default: m.LogoCarousel })),
);
const Testimonials = lazy(() =>
  import('@/features/home/components/testimonials').then((m) => ({ default: m.Testimonials })),
);

/** Holds the carousel's place (no layout shift) until it is built. */
const LOGOS_PLACEHOLDER = <div className="min-h-56 border-b" aria-hidden="true" />;

const PLATING_NAMES: Record<(typeof PIN_PLATINGS)[number], string> = {
  gold: 'gold',
  silver: 'silver',
  bronze: 'bronze',
  'black-nickel': 'black nickel',
};

function joinList(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join('');
}

const CLAIMS = [
  {
    title: `Free mockup within ${store.mockupHours} hours`,
    text: 'See your design before you commit.',
  },
  {
    title: `Production in ${store.productionTime}`,
    text: 'Rush options for tournament deadlines.',
  },
  { title: 'Wholesale pricing', text: 'Volume discounts for pro shops and retailers.' },
  { title: `${store.paymentTerms} terms`, text: 'Invoicing for courses, clubs and organisers.' },
  {
    title: `Trusted by ${store.customerCount} customers`,
    text: 'Courses, clubs, events and fans.',
  },
  {
    title: 'Premium plating',
    text: `Soft enamel in ${joinList(PIN_PLATINGS.map((p) => PLATING_NAMES[p]))}.`,
  },
];

const STEPS = [
  {
    title: 'Request Quote',
    text: `Send your logo, quantity and deadline. We reply with a free mockup within ${store.mockupHours} hours.`,
  },
  {
    title: 'Review & Approve',
    text: `Ask for changes until it looks right, then approve the design and pay a ${DEPOSIT_PERCENT}% deposit.`,
  },
  {
    title: 'Production & Ship',
    text: `Your pins are made in ${store.productionTime} and shipped to your door.`,
  },
];

function CustomPinArt() {
  return (
    <svg viewBox="0 0 240 120" className="h-full w-full" aria-hidden="true">
      <rect width="240" height="120" fill="#14532d" />
      <path d="M0 96 Q60 76 120 93 T240 86 V120 H0 Z" fill="#15803d" />
      <circle cx="120" cy="58" r="44" fill="#ca8a04" />
      <circle cx="120" cy="58" r="39" fill="#fefce8" />
      <circle cx="120" cy="58" r="32" fill="#166534" />
      <ellipse cx="120" cy="78" rx="22" ry="6" fill="#4ade80" />
      <rect x="117" y="30" width="3.5" height="48" fill="#fff" />
      <path d="M120.5 30 L143 38 L120.5 46 Z" fill="#ef4444" />
      <circle cx="106" cy="76" r="3.5" fill="#fff" />
      <circle cx="204" cy="28" r="12" fill="#facc15" opacity="0.9" />
    </svg>
  );
}

function WholesaleArt() {
  const pins = [
    { x: 50, y: 36, c: '#1d4ed8' },
    { x: 120, y: 36, c: '#b91c1c' },
    { x: 190, y: 36, c: '#166534' },
    { x: 85, y: 86, c: '#7c3aed' },
    { x: 155, y: 86, c: '#ca8a04' },
  ];
  return (
    <svg viewBox="0 0 240 120" className="h-full w-full" aria-hidden="true">
      <rect width="240" height="120" fill="#f0fdf4" />
      {pins.map((p) => (
        <g key={`${p.x}-${p.y}`}>
          <circle cx={p.x} cy={p.y} r="24" fill="#d4d4d8" />
          <circle cx={p.x} cy={p.y} r="20" fill={p.c} />
          <path
            d={`M${p.x - 7} ${p.y + 7} L${p.x} ${p.y - 10} L${p.x + 7} ${p.y + 7} Z`}
            fill="#fff"
            opacity="0.9"
          />
        </g>
      ))}
    </svg>
  );
}

function BallMarkerArt() {
  return (
    <svg viewBox="0 0 160 160" className="size-32 shrink-0 sm:size-40" aria-hidden="true">
      <circle cx="80" cy="80" r="64" fill="#e5e7eb" />
      <circle cx="80" cy="80" r="56" fill="#0f766e" />
      <circle cx="80" cy="80" r="44" fill="#ecfeff" />
      <rect x="77" y="52" width="4" height="50" fill="#0f766e" />
      <path d="M81 52 L104 61 L81 70 Z" fill="#dc2626" />
      <ellipse cx="80" cy="102" rx="22" ry="6" fill="#14b8a6" />
    </svg>
  );
}

function CoinArt() {
  return (
    <svg viewBox="0 0 160 160" className="size-32 shrink-0 sm:size-40" aria-hidden="true">
      <circle cx="80" cy="80" r="66" fill="#a16207" />
      <circle cx="80" cy="80" r="58" fill="#eab308" />
      <circle
        cx="80"
        cy="80"
        r="46"
        fill="none"
        stroke="#a16207"
        strokeWidth="3"
        strokeDasharray="4 5"
      />
      <path
        d="M80 50 L88 72 L111 72 L92 86 L99 108 L80 94 L61 108 L68 86 L49 72 L72 72 Z"
        fill="#fef9c3"
      />
    </svg>
  );
}

const heroLink =
  'group flex flex-col overflow-hidden rounded-2xl bg-white text-slate-900 shadow-lg ring-1 ring-black/5 transition hover:-translate-y-0.5 hover:shadow-xl focus-visible:ring-4 focus-visible:ring-yellow-300 focus-visible:outline-none';

function openPinPreview() {
  if (store.pinPreviewUrl) {
    window.open(store.pinPreviewUrl, 'pinPreview', 'width=1200,height=800,noopener,noreferrer');
  }
}

/** The promo's quote button, only once the quote page exists. */
function QuoteButton({ children }: { children: string }) {
  if (!isBuilt('/quote')) return null;
  return (
    <Button asChild className="mt-4">
      <Link to="/quote">{children}</Link>
    </Button>
  );
}

export function Component() {
  const quoteBuilt = isBuilt('/quote');
  const home = useHomeContent();
  return (
    // Fills the screen, as the server's page does (src/server/pages/content.ts homeMain): the
    // server sends the hero alone, so on a wide screen its footer showed below the hero and
    // jumped away when the mount added the rows under it (0.036 at 1350x940; issue 10
    // entry 27). The loaded page is far taller, so this changes nothing once it is drawn.
    <PageMain fillScreen>
      <DocumentTitle>
        {'Custom Golf Pins, Ball Markers & Commemorative Coins | Professional Design'}
      </DocumentTitle>

      <section className="bg-gradient-to-br from-brand-deep via-brand to-[#145a41] text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-20">
          <h1 className="max-w-3xl text-3xl leading-tight font-bold tracking-tight sm:text-4xl md:text-5xl">
            Custom Golf Pins, Ball Markers &amp; Commemorative Coins
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-green-50">
            {/* One text node, as the server writes it (src/server/pages/content.ts homeMain): the
                mount then keeps the server's text instead of painting new nodes, which made this
                paragraph a late largest paint (issue 10). */}
            {`Soft-enamel pins designed for your course, club or tournament, with a free mockup within ${store.mockupHours} hours. Or pick from our ready-to-ship wholesale collection.`}
          </p>
          {quoteBuilt ? null : (
            <p className="mt-4 max-w-2xl text-green-50">
              For a custom quote, e-mail us at{' '}
              <a
                href={`mailto:${store.email}`}
                className="rounded-sm font-semibold text-white underline underline-offset-4 focus-visible:ring-4 focus-visible:ring-yellow-300 focus-visible:outline-none"
              >
                {store.email}
              </a>{' '}
              with your logo, quantity and deadline.
            </p>
          )}
          <div className={cn('mt-10 grid gap-6', quoteBuilt ? 'md:grid-cols-2' : 'max-w-2xl')}>
            {quoteBuilt && (
              <Link to="/quote" className={heroLink}>
                <div className="aspect-[2/1] overflow-hidden">
                  <CustomPinArt />
                </div>
                <div className="flex items-center justify-between gap-3 p-5">
                  <span>
                    <span className="block text-xl font-bold">Get a Custom Quote</span>
                    <span className="block text-sm text-slate-600">
                      Your logo on pins, markers or coins
                    </span>
                  </span>
                  <ArrowRight
                    className="size-6 shrink-0 text-primary transition-transform group-hover:translate-x-1"
                    aria-hidden="true"
                  />
                </div>
              </Link>
            )}
            <Link to="/wholesale" className={heroLink}>
              <div className="aspect-[2/1] overflow-hidden">
                <WholesaleArt />
              </div>
              <div className="flex items-center justify-between gap-3 p-5">
                <span>
                  <span className="block text-xl font-bold">Shop Wholesale Pins</span>
                  <span className="block text-sm text-slate-600">
                    Ready-made designs, ready to ship
                  </span>
                </span>
                <ArrowRight
                  className="size-6 shrink-0 text-primary transition-transform group-hover:translate-x-1"
                  aria-hidden="true"
                />
              </div>
            </Link>
          </div>
        </div>
      </section>

      {home.data && home.data.logos.length > 0 && (
        <AfterFirstRender fallback={LOGOS_PLACEHOLDER}>
          <Suspense fallback={LOGOS_PLACEHOLDER}>
            <LogoCarousel logos={home.data.logos} />
          </Suspense>
        </AfterFirstRender>
      )}

      {home.data && <Bestsellers products={home.data.bestsellers} hasSales={home.data.hasSales} />}

      {/* Below the first screen: built in the task after the first render (issue 10). */}
      <AfterFirstRender>
        <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="how-heading" className="text-center text-3xl font-bold">
            How It Works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-xl border bg-card p-6 text-center shadow-sm">
                <span
                  className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        {store.pinPreviewUrl && (
          <section aria-labelledby="preview-heading" className="bg-emerald-50">
            <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6">
              <h2 id="preview-heading" className="text-2xl font-bold">
                See Your Pin Before You Order
              </h2>
              <p className="max-w-xl text-slate-700">
                Try our pin preview tool to sketch your idea, then send it with your quote request.
              </p>
              <Button size="lg" onClick={openPinPreview}>
                Open Pin Preview Tool
                <span className="sr-only"> (opens in a new window)</span>
              </Button>
            </div>
          </section>
        )}

        <section aria-label="More custom products" className="bg-slate-50">
          <div className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
            <article className="flex flex-col items-center gap-6 rounded-2xl bg-white p-6 shadow-sm sm:flex-row md:flex-col lg:flex-row">
              <BallMarkerArt />
              <div className="min-w-0">
                <h2 className="text-2xl font-bold">Custom Ball Markers</h2>
                <p className="mt-2 text-slate-600">
                  Ball markers with your course or event logo: a gift golfers actually use.
                </p>
                <QuoteButton>Quote Ball Markers</QuoteButton>
              </div>
            </article>
            <article className="flex flex-col items-center gap-6 rounded-2xl bg-white p-6 shadow-sm sm:flex-row md:flex-col lg:flex-row">
              <CoinArt />
              <div className="min-w-0">
                <h2 className="text-2xl font-bold">Commemorative Coins</h2>
                <p className="mt-2 text-slate-600">
                  Mark a championship, anniversary or hole-in-one with a coin made to keep.
                </p>
                <QuoteButton>Quote Coins</QuoteButton>
              </div>
            </article>
          </div>
        </section>

        {home.data && home.data.testimonials.length > 0 && (
          <Suspense fallback={null}>
            <Testimonials testimonials={home.data.testimonials} />
          </Suspense>
        )}

        <section aria-labelledby="why-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="why-heading" className="text-center text-3xl font-bold">
            Why Choose {store.name}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {CLAIMS.map((c) => (
              <li key={c.title} className="flex gap-3">
                <Check className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold">{c.title}</h3>
                  <p className="text-slate-600">{c.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </AfterFirstRender>
    </PageMain>
  );
}
