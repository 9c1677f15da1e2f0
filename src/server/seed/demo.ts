/** Demo data loaded on first start with an empty database (placeholder until the seed lands). */
import type { Db } from '../db/client';

/** Loads the demo catalogue, discount codes and blog posts when the products table is empty. Returns whether it seeded. */
export async function seedDemoData(_db: Db): Promise<boolean> {
  return false;
}
