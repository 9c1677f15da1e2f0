import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { seedPageData } from './lib/page-data';
import { queryClient } from './lib/query-client';
import './index.css';

seedPageData(queryClient);

/**
 * The server's content stays in #root until the first page's code has loaded (the router
 * is initialised), then the app replaces it in one step: no 'Loading…' flash between.
 */
function mount() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
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
