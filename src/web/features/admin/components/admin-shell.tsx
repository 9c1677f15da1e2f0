/**
 * The admin shell every section renders in (issue 8 "One admin, one way of working"):
 * a Shopify-like side navigation grouped by `AdminSection.group` with the current
 * section marked (`aria-current="page"`, highlighted), the section's heading with its
 * group as a breadcrumb, and the section itself. At widths below `lg` the navigation
 * folds into a 'Menu' button showing the current section, which opens the same links in
 * a side sheet (closes on choice), so the admin works at 360 px without sideways scrolling.
 *
 * Props: `sections` (the registry, features/admin/sections.ts), `active` (the section
 * shown) and `userId` (passed to the section). Links are `/admin?section=<id>`.
 */
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { cn } from '@/lib/utils';
import { type AdminSection, groupedSections } from '../sections';

export function AdminShell({
  sections,
  active,
  userId,
}: {
  sections: readonly AdminSection[];
  active: AdminSection;
  userId: number;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const Section = active.Component;
  const ActiveIcon = active.icon;
  return (
    // A screen high (PageMain fillScreen): while a section loads its data the footer stays
    // below the first screen, as it was while the user loaded (routes/admin.tsx).
    <PageMain fillScreen className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold sm:text-2xl">Admin Dashboard</h1>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="lg:hidden"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden="true" />
          Menu<span className="sr-only">: admin sections, current {active.label}</span>
        </Button>
      </div>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent side="left" className="overflow-y-auto" aria-describedby={undefined}>
          <SheetHeader>
            <SheetTitle>Admin sections</SheetTitle>
          </SheetHeader>
          <div className="px-2 pb-4">
            <AdminNav sections={sections} active={active} onNavigate={() => setMenuOpen(false)} />
          </div>
        </SheetContent>
      </Sheet>
      <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
        <aside className="hidden lg:block">
          <AdminNav sections={sections} active={active} />
        </aside>

        <div className="min-w-0">
          <section aria-labelledby="admin-section-title" className="space-y-4">
            <header className="space-y-1 border-b pb-3">
              <p className="text-muted-foreground text-xs font-medium tracking-wide uppercase">
                Admin{active.group ? ` / ${active.group}` : ''}
              </p>
              <h2
                id="admin-section-title"
                className="flex items-center gap-2 text-xl font-semibold"
              >
                {ActiveIcon ? <ActiveIcon aria-hidden="true" className="size-5" /> : null}
                {active.label}
              </h2>
              {active.description ? (
                <p className="text-muted-foreground text-sm">{active.description}</p>
              ) : null}
            </header>
            <Section userId={userId} />
          </section>
        </div>
      </div>
    </PageMain>
  );
}

/** The grouped section links; the active one is marked for sight and for screen readers. */
export function AdminNav({
  sections,
  active,
  onNavigate,
}: {
  sections: readonly AdminSection[];
  active: AdminSection;
  onNavigate?(): void;
}) {
  return (
    <nav aria-label="Admin sections">
      {groupedSections(sections).map(({ group, sections: items }) => (
        <div key={group ?? 'main'} className="mb-3">
          {group ? (
            <p className="text-muted-foreground mb-1 px-2 text-xs font-semibold tracking-wide uppercase">
              {group}
            </p>
          ) : null}
          <ul className="space-y-0.5">
            {items.map((section) => {
              const current = section.id === active.id;
              const Icon = section.icon;
              return (
                <li key={section.id}>
                  <Link
                    to={`/admin?section=${section.id}`}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                    className={cn(
                      'focus-visible:ring-ring/50 flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px]',
                      current
                        ? 'bg-accent text-accent-foreground'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-foreground',
                    )}
                  >
                    {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
