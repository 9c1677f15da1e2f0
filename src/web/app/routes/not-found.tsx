/** Not-found page for any unknown path (back-office spec section 2). */
import { NOT_FOUND_PAGES } from '@shared/not-found-pages';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { store } from '@/config/store';

const page = NOT_FOUND_PAGES.page;

export function Component() {
  const [home, browse] = page.links;
  return (
    <PageMain className="mx-auto flex w-full max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <DocumentTitle>{`${page.heading} | ${store.name}`}</DocumentTitle>
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{page.heading}</h1>
      <p className="text-slate-600">{page.text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={home.href}>{home.label}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={browse.href}>{browse.label}</Link>
        </Button>
      </div>
    </PageMain>
  );
}
