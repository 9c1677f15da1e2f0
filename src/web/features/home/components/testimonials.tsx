/**
 * Customer testimonials (storefront spec section 2; issue 10): name, title, quote,
 * avatar and image, as the admin entered them; invented demo entries carry a 'Sample'
 * label so they are never passed off as real customers. Nothing renders without entries.
 */
import type { HomeTestimonial } from '@shared/schemas/home';
import { Quote } from 'lucide-react';

export function Testimonials({ testimonials }: { testimonials: HomeTestimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="bg-brand-soft">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="testimonials-heading" className="text-center font-heading text-3xl text-brand">
          What Our Customers Say
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.id}>
              <figure className="flex h-full flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
                {t.imageUrl && (
                  <img
                    src={t.imageUrl}
                    alt=""
                    width={120}
                    height={120}
                    loading="lazy"
                    className="size-24 self-center object-contain"
                  />
                )}
                <blockquote className="flex-1 text-slate-700">
                  <Quote className="mb-2 size-5 text-gold" aria-hidden="true" />
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="flex items-center gap-3">
                  {t.avatarUrl ? (
                    <img
                      src={t.avatarUrl}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="size-12 rounded-full object-cover"
                    />
                  ) : null}
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">
                      {t.name}
                      {t.isSample && (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                          Sample
                        </span>
                      )}
                    </span>
                    <span className="block text-sm text-slate-600">{t.title}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
