/**
 * The customer-logo carousel (storefront spec sections 2, 9; issue 10): 3 logos per
 * slide, 1 under 768 px, a new slide every 4 s, wrapping; dots to pick a slide; it
 * pauses while hovered or focused and has a Pause/Play button (WCAG 2.2.2); with
 * prefers-reduced-motion it stays still (no auto-advance, no sliding). Slides not shown
 * are inert. Sample entries say so. Nothing renders without logos.
 */
import type { HomeLogo } from '@shared/schemas/home';
import { Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import {
  CAROUSEL_INTERVAL_MS,
  LOGOS_PER_SLIDE_NARROW,
  LOGOS_PER_SLIDE_WIDE,
  NARROW_QUERY,
  nextSlide,
  toSlides,
} from '../carousel';

export function LogoCarousel({ logos }: { logos: HomeLogo[] }) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const slides = toSlides(logos, narrow ? LOGOS_PER_SLIDE_NARROW : LOGOS_PER_SLIDE_WIDE);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const current = index < slides.length ? index : 0;
  const playing = !reducedMotion && !stopped && !hovered && !focused && slides.length > 1;

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(
      () => setIndex((i) => nextSlide(i, slides.length)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [playing, slides.length]);

  if (logos.length === 0) return null;
  const anySample = logos.some((l) => l.isSample);
  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="logos-heading"
      className="border-b bg-white"
      data-playing={playing}
      data-slide={current}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2 id="logos-heading" className="text-center font-heading text-2xl text-brand">
          Trusted by courses, clubs and events
        </h2>
        {anySample && (
          <p className="mt-1 text-center text-xs text-slate-600">
            Sample logos: the shop's own customers replace these.
          </p>
        )}
        <div className="mt-6 overflow-hidden">
          <div
            className={cn(
              'flex',
              !reducedMotion && 'transition-transform duration-700 ease-in-out',
            )}
            style={{ transform: `translateX(-${current * 100}%)` }}
          >
            {slides.map((slide, i) => (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are positions
                key={i}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={i !== current}
                inert={i !== current}
                className="grid w-full shrink-0 grid-cols-1 gap-6 md:grid-cols-3"
              >
                {/* Not figures: each was named by its caption, so a screen reader heard
                    'Sample' twelve times (an audit). The image says whose logo it is and
                    that it is a sample; the visible label repeats the latter. */}
                {slide.map((logo) => (
                  <div key={logo.id} className="flex flex-col items-center gap-1">
                    <img
                      src={logo.imageUrl}
                      alt={logo.isSample ? `${logo.name} (sample)` : logo.name}
                      width={240}
                      height={120}
                      loading="lazy"
                      className="h-20 w-auto object-contain"
                    />
                    {logo.isSample && (
                      <span aria-hidden="true" className="text-xs text-slate-600">
                        Sample
                      </span>
                    )}
                  </div>
                ))}
              </div>
            ))}
          </div>
        </div>
        {slides.length > 1 && (
          <div className="mt-4 flex items-center justify-center gap-2">
            <button
              type="button"
              onClick={() => setStopped((s) => !s)}
              className="inline-flex size-8 items-center justify-center rounded-full text-brand hover:bg-brand-soft focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={stopped || reducedMotion ? 'Play logo carousel' : 'Pause logo carousel'}
              disabled={reducedMotion}
            >
              {stopped || reducedMotion ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
            </button>
            <ul className="flex flex-wrap items-center justify-center">
              {slides.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions
                <li key={i}>
                  <button
                    type="button"
                    aria-label={`Show slide ${i + 1} of ${slides.length}`}
                    aria-current={i === current ? 'true' : undefined}
                    onClick={() => setIndex(i)}
                    className="group inline-flex size-6 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span
                      className={cn(
                        'block size-2.5 rounded-full transition-colors',
                        i === current ? 'bg-brand' : 'bg-slate-300 group-hover:bg-slate-400',
                      )}
                    />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
