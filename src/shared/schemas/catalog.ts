/** Catalogue contracts: GET /api/products, GET /api/products/{id}. Prices in dollars (2 decimals). */
import { z } from 'zod';
import { PRODUCT_CATEGORIES, PRODUCT_COLLECTIONS } from '../catalog';

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Dollars; 0 means free. */
  price: z.number(),
  /** Image link carrying a version query derived from updatedAt. */
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  inStock: z.boolean(),
  stockQuantity: z.number().int(),
  category: z.enum(PRODUCT_CATEGORIES),
  collection: z.enum(PRODUCT_COLLECTIONS),
  isActive: z.boolean(),
  /** Per-customer limit across cart and past orders (4 for the promo pins), null = none. */
  purchaseLimit: z.number().int().nullable(),
  features: z.array(z.string()),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;
