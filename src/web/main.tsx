import { type ComponentChild, render } from 'preact';
import { StrictMode } from 'react';
import { App } from './app/app';
import { router } from './app/router';
import { seedPageData } from './lib/page-data';
import { queryClient } from './lib/query-client';
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
if (router.state.initialized) mount();
else {
  const unsubscribe = router.subscribe((state) => {
    if (state.initialized) {
      unsubscribe();
      mount();
    }
  });
}
