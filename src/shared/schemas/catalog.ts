/** Catalogue contracts: GET /api/products, GET /api/products/{id}. Prices in dollars (2 decimals). */

import { PRODUCT_CATEGORIES, PRODUCT_COLLECTIONS } from '../catalog';
import { typedNumberText } from '../money';
import { z } from './zod';

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
  /** Stored with the product (back-office spec section 3 "products"): 'adult' by default. */
  ageGroup: z.string(),
  /** Stored with the product (back-office spec section 3 "products"): 'unisex' by default. */
  gender: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * What an edit would overwrite, as a short digest (every field an edit writes except the
   * stock, which has `expectedStockQuantity`): sent back as `expectedEditVersion` so an
   * edit made from an older copy answers 409 instead of undoing someone else's change.
   * In the admin's list (`?includeInactive=true`), an admin's read of an inactive product
   * and the answers of admin writes; the public catalogue leaves it out.
   */
  editVersion: z.string().optional(),
});
export type Product = z.infer<typeof Product>;

/** A dollar amount typed by the admin: a number or a decimal string, at most two decimals, 0-100000. */
export const PriceInput = z
  .union([z.number(), z.string().trim().transform(typedNumberText)])
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(typeof v === 'number' ? String(v) : v), {
    message: 'Price must be an amount in dollars with at most two decimals',
  })
  .transform((v) => Number(v))
  .refine((v) => v >= 0 && v <= 100_000, { message: 'Price must be between 0 and 100000' });

/** Most units of one product the shop holds, and the highest per-customer limit. */
export const MAX_STOCK = 1_000_000;
export const MAX_PURCHASE_LIMIT = 10_000;

/** Stock typed by the admin: a whole number from 0 to 1,000,000. */
const StockInput = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Stock is required' : 'Stock must be a whole number',
  })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(MAX_STOCK, 'Stock must be at most 1,000,000');

/**
 * Image/video link: a site path (/api/files/...) or an absolute http(s) URL. A
 * protocol-relative `//host/x` (or `/\\host/x`, which browsers read the same way) points
 * at another site and is refused (issue 11).
 */
export const MediaUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^/\\\s]/i.test(v), {
    message: 'Link must be a site path or an http(s) URL',
  });

const productFields = {
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(5000),
  /** Dollars; 0 means free. */
  price: PriceInput,
  imageUrl: MediaUrl.nullable(),
  videoUrl: MediaUrl.nullable(),
  inStock: z.boolean(),
  stockQuantity: StockInput,
  category: z.enum(PRODUCT_CATEGORIES),
  collection: z.enum(PRODUCT_COLLECTIONS),
  isActive: z.boolean(),
  purchaseLimit: z
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_PURCHASE_LIMIT, 'Limit must be at most 10,000')
    .nullable(),
  features: z
    .array(z.string().trim().min(1).max(200, 'Each feature: at most 200 characters'))
    .max(20, 'At most 20 features'),
};

/**
 * The stock the admin's screen showed when they changed it: with it, a stock change is
 * saved only if nothing (an order, another edit) changed the stock since, else 409
 * (a back-office audit: an edit from a list loaded before a sale put the sold units back).
 */
const ExpectedStock = z.number().int().min(0).optional();

/** POST /api/products (admin). */
export const CreateProductBody = z.object({
  ...productFields,
  description: productFields.description.default(''),
  imageUrl: productFields.imageUrl.default(null),
  videoUrl: productFields.videoUrl.default(null),
  inStock: productFields.inStock.default(true),
  stockQuantity: productFields.stockQuantity.default(0),
  category: productFields.category.default('golf-pins'),
  collection: productFields.collection.default('other'),
  isActive: productFields.isActive.default(true),
  purchaseLimit: productFields.purchaseLimit.default(null),
  features: productFields.features.default([]),
});
export type CreateProductBody = z.input<typeof CreateProductBody>;

/**
 * The `editVersion` of the product as the admin's screen loaded it: with it, the edit is
 * saved only if no one changed the product's fields since (else 409; a concurrency audit:
 * two admins saving the same product at once each got 200 and one change was lost).
 * Optional for other callers; the admin's product form always sends it.
 */
const ExpectedEditVersion = z
  .string()
  .trim()
  .min(1, 'Edit version must be the editVersion the product was loaded with')
  .max(100, 'Edit version must be the editVersion the product was loaded with')
  .optional();

/**
 * PUT /api/products/{id} (admin): any subset of the fields; `expectedStockQuantity` with
 * `stockQuantity`: see ExpectedStock; `expectedEditVersion`: see ExpectedEditVersion.
 */
export const UpdateProductBody = z
  .object(productFields)
  .partial()
  .extend({ expectedStockQuantity: ExpectedStock, expectedEditVersion: ExpectedEditVersion });
export type UpdateProductBody = z.input<typeof UpdateProductBody>;

/**
 * PUT /api/products/{id}/stock (admin). Negative values answer 400 (the admin form ignores
 * them); `expectedStockQuantity`: see ExpectedStock.
 */
export const UpdateStockBody = z.object({
  stockQuantity: StockInput,
  expectedStockQuantity: ExpectedStock,
});

/** GET /api/products query: admins may ask for inactive products too. */
export const ProductListQuery = z.object({
  includeInactive: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
