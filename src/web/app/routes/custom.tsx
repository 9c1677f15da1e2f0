/**
 * /custom (storefront spec section 2 "Custom pin wizard"): 'Design Your Custom Golf Pin'
 * and the five-step wizard (features/custom-order).
 */

import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { store } from '@/config/store';
import { CustomWizard } from '@/features/custom-order/components/custom-wizard';

export function Component() {
  return (
    <PageMain className="bg-slate-50">
      <DocumentTitle>{`Design Your Custom Golf Pin | ${store.name}`}</DocumentTitle>
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="mb-2 text-2xl font-bold sm:text-3xl">Design Your Custom Golf Pin</h1>
        <p className="mb-6 text-slate-700">
          Soft enamel pins with your logo: choose the quantity, size, plating and packaging, upload
          your design and pay a 10% deposit. We send a free mockup within 24 hours.
        </p>
        <CustomWizard />
      </div>
    </PageMain>
  );
}
