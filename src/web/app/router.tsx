/**
 * Routes (back-office spec section 2). Every page is its own lazily loaded chunk
 * (route-level code splitting); each route module exports `Component`. The root's
 * HydrateFallback shows while the first page's chunk loads.
 */
import { createBrowserRouter } from 'react-router';
import { AppLoading } from './routes/app-loading';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

/** The app's router; start.tsx makes it in a task of its own at start-up (issue 10). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the browser router (starts loading the first page's chunk). */
export const createAppRouter = (): AppRouter =>
  createBrowserRouter([
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: AppLoading,
      children: [
        { index: true, lazy: () => import('./routes/home') },
        { path: 'wholesale', lazy: () => import('./routes/wholesale') },
        { path: 'product/:id', lazy: () => import('./routes/product') },
        { path: 'checkout', lazy: () => import('./routes/checkout') },
        { path: 'track-order', lazy: () => import('./routes/track-order') },
        { path: 'track-order/:orderId/receipt', lazy: () => import('./routes/order-receipt') },
        { path: 'account', lazy: () => import('./routes/account') },
        { path: 'login', lazy: () => import('./routes/login') },
        { path: 'register', lazy: () => import('./routes/register') },
        { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
        { path: 'reset-password', lazy: () => import('./routes/reset-password') },
        { path: 'admin', lazy: () => import('./routes/admin') },
        { path: 'quote', lazy: () => import('./routes/quote') },
        { path: 'quote-success', lazy: () => import('./routes/quote-success') },
        { path: 'custom', lazy: () => import('./routes/custom') },
        { path: 'blog', lazy: () => import('./routes/blog') },
        { path: 'blog/:slug', lazy: () => import('./routes/blog-post') },
        { path: 'balance-payment/:token', lazy: () => import('./routes/balance-payment') },
        { path: 'pay-invoice/:invoiceNumber', lazy: () => import('./routes/pay-invoice') },
        {
          path: 'pay-invoice/:invoiceNumber/print',
          lazy: () => import('./routes/pay-invoice-print'),
        },
        { path: 'quote-collaboration/:token', lazy: () => import('./routes/quote-collaboration') },
        { path: '*', lazy: () => import('./routes/not-found') },
      ],
    },
  ]);
