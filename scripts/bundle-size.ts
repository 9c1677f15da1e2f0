/**
 * Prints the JavaScript a first load of /, /wholesale, /product/{id} and /custom downloads,
 * gzipped: the entry chunk, the app's start (start.tsx, which the entry imports once the
 * first screen is painted), the route chunk and every chunk they import statically (from
 * Vite's build manifest). Exits 1 when any exceeds the budget.
 *
 * Budget 100 KB (issue 12). Met because the client runs on Preact through preact/compat
 * instead of React DOM (docs/decisions.md, "Performance and several instances" 9).
 * Run after `vite build` (the `bundle-size` npm script does both).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  src?: string;
}

const BUDGET_BYTES = 100 * 1024;
const dist = path.resolve(import.meta.dirname, '../dist/web');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('entry chunk not found in the manifest');
const startKey = Object.keys(manifest).find((k) => k === 'start.tsx' || k.endsWith('/start.tsx'));
if (!startKey) throw new Error('start.tsx chunk not found in the manifest');

/** The first-load JavaScript of a route (gzipped bytes), printing its chunks. */
function firstLoad(route: string): number {
  const routeKey = Object.keys(manifest).find((k) => k.endsWith(`app/routes/${route}.tsx`));
  if (!routeKey) throw new Error(`${route} route chunk not found in the manifest`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit(entryKey!);
  visit(startKey!);
  visit(routeKey);
  let total = 0;
  const rows: [string, number][] = [];
  for (const key of seen) {
    const file = manifest[key].file;
    const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += gz;
    rows.push([file, gz]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${file}`);
  console.log(
    `/${route} first load: ${(total / 1024).toFixed(1)} KB of JavaScript gzipped (budget ${BUDGET_BYTES / 1024} KB)`,
  );
  return total;
}

// The home page, the catalogue, a product page (issue 12) and the custom pin wizard
// (issue 6: /custom stays within the catalogue's budget).
const over = ['home', 'wholesale', 'product', 'custom'].filter(
  (route) => firstLoad(route) > BUDGET_BYTES,
);
if (over.length > 0) {
  console.error(`Over budget: ${over.join(', ')}`);
  process.exit(1);
}
