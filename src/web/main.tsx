import { warmUpMoneyFormat } from '@shared/money';
import { type ComponentChild, render } from 'preact';
import { StrictMode } from 'react';
import { App } from './app/app';
import { router } from './app/router';
import { seedPageData } from './lib/page-data';
import { queryClient } from './lib/query-client';
import { inSeparateTasks } from './lib/tasks';
import { warmUpClassMerge } from './lib/utils';
import './index.css';

seedPageData(queryClient);

/**
 * The server's content stays in #root until the first page's code has loaded (the router
 * is initialised), then the app takes over in one step: no 'Loading…' flash between.
 *
 * Preact's own `render` (not compat's `createRoot`, which empties the container first, as
 * React does) diffs the app against the server's DOM: elements of the same tag in the same
 * place are kept and their attributes and text corrected, the rest created or removed.
 * The server writes its blocks in the app's markup (src/server/pages/content.ts), so the
 * largest paint and most of the layout survive the mount instead of being redone
 * (docs/decisions.md, issue 10).
 */
function mount() {
  render(
    (
      <StrictMode>
        <App />
      </StrictMode>
    ) as unknown as ComponentChild,
    document.getElementById('root')!,
  );
}
/**
 * One-time set-up the first render would otherwise pay inside its own long task
 * (tailwind-merge building its class map, the first Intl currency formatter) runs first,
 * each step in its own task, while the first page's chunk loads: input is never blocked
 * for their sum (issue 10, total blocking time).
 */
const warmedUp = inSeparateTasks([warmUpClassMerge, warmUpMoneyFormat]);
const routerReady = router.state.initialized
  ? Promise.resolve()
  : new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (state.initialized) {
          unsubscribe();
          resolve();
        }
      });
    });
void Promise.all([warmedUp, routerReady]).then(mount);
