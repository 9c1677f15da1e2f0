import { type ComponentChild, render } from 'preact';
import { StrictMode } from 'react';
import { App } from './app/app';
import { type AppRouter, createAppRouter } from './app/router';
import { seedPageData } from './lib/page-data';
import { queryClient } from './lib/query-client';
import { inSeparateTasks } from './lib/tasks';
import { warmUpClassMerge } from './lib/utils';

/**
 * The app's start (loaded by main.tsx once the first screen is painted). The server's content stays in #root until the first page's code has loaded (the router
 * is initialised), then the app takes over in one step: no 'Loading…' flash between.
 *
 * Preact's own `render` (not compat's `createRoot`, which empties the container first, as
 * React does) diffs the app against the server's DOM: elements of the same tag in the same
 * place are kept and their attributes and text corrected, the rest created or removed.
 * The server writes its blocks in the app's markup (src/server/pages/content.ts), so the
 * largest paint and most of the layout survive the mount instead of being redone
 * (docs/decisions.md, issue 10).
 */
function mount(router: AppRouter) {
  render(
    (
      <StrictMode>
        <App router={router} />
      </StrictMode>
    ) as unknown as ComponentChild,
    document.getElementById('root')!,
  );
}
/**
 * Start-up in short tasks (issue 10, total blocking time): the module's own evaluation,
 * then the router (which starts loading the first page's chunk), the server's page data
 * into the query cache, and one-time set-up the first render would otherwise pay inside
 * its own long task (tailwind-merge building its class map), each in a task of its own while the page's chunk loads; the mount last,
 * in its own task too.
 */
const routerReady = new Promise<AppRouter>((resolve) => {
  void inSeparateTasks([
    () => {
      const router = createAppRouter();
      if (router.state.initialized) return resolve(router);
      const unsubscribe = router.subscribe((state) => {
        if (state.initialized) {
          unsubscribe();
          resolve(router);
        }
      });
    },
  ]);
});
const warmedUp = inSeparateTasks([() => seedPageData(queryClient), warmUpClassMerge]);
void Promise.all([routerReady, warmedUp]).then(([router]) => setTimeout(() => mount(router), 0));
