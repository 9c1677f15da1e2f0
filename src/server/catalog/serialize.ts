/**
 * Product rows -> API shape (storefront spec section 3 "Product"): prices in dollars,
 * image links carrying a `v=<updatedAt ms>` version query so a changed product's
 * artwork is fetched afresh while unchanged artwork stays cached. Admin reads also carry
 * `editVersion` (`productEditVersion`), which an edit sends back.
 */
import { createHash } from 'node:crypto';
import { centsToDollars } from '../../shared/money';
import type { Product } from '../../shared/schemas/catalog';
import type { products } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;

/** Appends `v=<updatedAt ms>` to an image link (keeping any existing query); null stays null. */
export function versionedImageUrl(imageUrl: string | null, updatedAt: Date): string | null {
  if (!imageUrl) return null;
  const sep = imageUrl.includes('?') ? '&' : '?';
  return `${imageUrl}${sep}v=${updatedAt.getTime()}`;
}

/** A products row as the API shows it (dollars, versioned image link, ISO dates). */
export function serializeProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.priceCents),
    imageUrl: versionedImageUrl(row.imageUrl, row.updatedAt),
    videoUrl: row.videoUrl,
    inStock: row.inStock,
    stockQuantity: row.stockQuantity,
    category: row.category as Product['category'],
    collection: row.collection as Product['collection'],
    isActive: row.isActive,
    purchaseLimit: row.purchaseLimit,
    features: Array.isArray(row.features) ? row.features : [],
    ageGroup: row.ageGroup,
    gender: row.gender,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The edit version of a product row: a digest of every field an edit writes except the
 * stock (`stockQuantity`, `inStock`: guarded by `expectedStockQuantity`, and changed by
 * every sale). Not `updatedAt`: checkout moves it at every sale, which would refuse an
 * admin's description edit because a pin sold meanwhile. A change undone (A->B->A) gives
 * the same version again, which is right: saving then overwrites nothing new.
 */
export function productEditVersion(row: ProductRow): string {
  const fields = [
    row.name,
    row.description,
    row.priceCents,
    row.imageUrl,
    row.videoUrl,
    row.category,
    row.collection,
    row.isActive,
    row.purchaseLimit,
    Array.isArray(row.features) ? row.features : [],
    row.ageGroup,
    row.gender,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 22);
}

/** A products row as an admin reads it: `serializeProduct` plus its `editVersion`. */
export function serializeAdminProduct(row: ProductRow): Product {
  return { ...serializeProduct(row), editVersion: productEditVersion(row) };
}
