/**
 * /custom (storefront spec section 2 "Custom pin wizard"): 'Design Your Custom Golf Pin'
 * and the five-step wizard (features/custom-order).
 */

import { CUSTOM_PAGE } from '@shared/custom-pins';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { store } from '@/config/store';
import { CustomWizard } from '@/features/custom-order/components/custom-wizard';

export function Component() {
  return (
    <PageMain className="bg-slate-50">
      <DocumentTitle>{`Design Your Custom Golf Pin | ${store.name}`}</DocumentTitle>
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="mb-2 text-2xl font-bold sm:text-3xl">{CUSTOM_PAGE.heading}</h1>
        <p className="mb-6 text-slate-700">{CUSTOM_PAGE.lead}</p>
        <CustomWizard />
      </div>
    </PageMain>
  );
}
