/** The centred card frame of the sign-in and sign-up pages. */
import type { ReactNode } from 'react';
import { PageMain } from '@/components/layout/page-main';

export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    // Fills the screen: /track-order sends a signed-out visitor here after two seconds, and
    // a shorter page brought the footer up into view (0.158 on a phone; issue 10 entry 28).
    <PageMain
      fillScreen
      className="flex items-start justify-center bg-slate-50 px-4 py-12 sm:py-20"
    >
      <div className="w-full max-w-md rounded-xl border bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">{description}</p>
        {children}
      </div>
    </PageMain>
  );
}
