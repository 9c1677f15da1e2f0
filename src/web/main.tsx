/**
 * The page's entry: small on purpose. The server's HTML (with its styles) already shows
 * the page; the app's code (start.tsx and the route's chunks) is fetched only once the
 * first screen has painted: the server's largest image (the first with
 * fetchpriority=high) loaded, decoded and painted, and the heading font in, and the
 * browser has reported the first contentful paint and that image's paint, each waited
 * for at most 1.5 s. So the app's requests and its first render never compete with or
 * hold back the largest paint (issue 10; docs/decisions.md entries 20-21).
 */
import { firstScreenPainted } from './lib/tasks';
import './index.css';

void firstScreenPainted(
  document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]'),
  1500,
).then(() => import('./start'));
