import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { products } from './schema';

/** The embedded default: PGlite under DATA_DIR keeps its data across a restart. */
describe('embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fp-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps data after close and reopen, and migrating again changes nothing', async () => {
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    await first.db
      .insert(products)
      .values({ name: 'Persistent Pin', priceCents: 799, stockQuantity: 12 });
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    await second.migrate();
    const rows = await second.db.select().from(products);
    await second.close();
    expect(rows.map((r) => [r.name, r.priceCents, r.stockQuantity])).toEqual([
      ['Persistent Pin', 799, 12],
    ]);
  });
});
