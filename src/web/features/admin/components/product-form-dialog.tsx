/**
 * Create / edit a product (back-office "Products"; issue 8) with the admin form pattern
 * over the shared CreateProductBody schema: name, description, price (decimal, two
 * places), category, collection, stock, per-customer limit, features (one per line),
 * active, and an image uploaded to POST /api/product-images (checked by content on the
 * server) with a preview. Server 400 field errors land on their fields.
 *
 * An edit sends the `editVersion` it was opened on: when someone saved the product since,
 * the server answers 409 and the dialog stays open, brought up to date around the admin's
 * input (stale-edit.ts), so saving again keeps both changes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { COLLECTION_LABELS, PRODUCT_CATEGORIES, PRODUCT_COLLECTIONS } from '@shared/catalog';
import { CreateProductBody, type Product } from '@shared/schemas/catalog';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiRequestError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useReloadProduct, useSaveProduct } from '../back-office-api';
import { toastError } from '../notify';
import { isConflict, rebaseForm, toastStaleEdit } from '../stale-edit';
import {
  AdminForm,
  applyServerErrors,
  CheckboxField,
  FormActions,
  SelectField,
  TextareaField,
  TextField,
} from './admin-form';
import { FormDialog } from './form-dialog';
import { ImageUpload } from './image-upload';

/** The shared schema, with features typed one per line in a text area. */
const ProductForm = CreateProductBody.omit({ features: true, inStock: true }).extend({
  // Required here: an emptied Stock box is a mistake to point out, not 0 (sold out).
  stockQuantity: CreateProductBody.shape.stockQuantity.unwrap(),
  featuresText: z
    .string()
    .max(4000, 'At most 4000 characters')
    .superRefine((text, ctx) => {
      const lines = featureLines(text);
      if (lines.length > MAX_FEATURES) {
        ctx.addIssue({
          code: 'custom',
          message: `At most ${MAX_FEATURES} features (one per line)`,
        });
      }
      const long = lines.findIndex((line) => line.length > MAX_FEATURE_LENGTH);
      if (long >= 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Feature ${long + 1} is longer than ${MAX_FEATURE_LENGTH} characters`,
        });
      }
    }),
});
type ProductFormIn = z.input<typeof ProductForm>;
type ProductFormOut = z.output<typeof ProductForm>;

const CATEGORY_LABELS: Record<(typeof PRODUCT_CATEGORIES)[number], string> = {
  'golf-pins': 'Golf Pins',
  commemorative: 'Commemorative',
  tournament: 'Tournament',
  seasonal: 'Seasonal',
};

/** The shared schema's limits on features (CreateProductBody `features`). */
const MAX_FEATURES = 20;
const MAX_FEATURE_LENGTH = 200;

/** The features typed one per line: trimmed, blank lines dropped. */
const featureLines = (text: string) =>
  text
    .split('\n')
    .map((f) => f.trim())
    .filter(Boolean);

/** The image link without the `?v=` version the API adds. */
const baseImageUrl = (url: string | null) => (url ? url.replace(/[?&]v=\d+$/, '') : null);

/** The form's fields by name, as the toast of a refused edit names them. */
const FIELD_LABELS: Record<keyof ProductFormIn, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  imageUrl: 'Image',
  videoUrl: 'Video',
  stockQuantity: 'Stock',
  category: 'Category',
  collection: 'Collection',
  isActive: 'Active',
  purchaseLimit: 'Limit per customer',
  featuresText: 'Features',
};

function defaults(product: Product | null): ProductFormIn {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? product.price.toFixed(2) : '',
    imageUrl: baseImageUrl(product?.imageUrl ?? null),
    videoUrl: product?.videoUrl ?? null,
    stockQuantity: product?.stockQuantity ?? 0,
    category: product?.category ?? 'golf-pins',
    collection: product?.collection ?? 'other',
    isActive: product?.isActive ?? true,
    purchaseLimit: product?.purchaseLimit ?? null,
    featuresText: product?.features.join('\n') ?? '',
  };
}

export function ProductFormDialog({
  product,
  open,
  onOpenChange,
}: {
  /** null: a new product. */
  product: Product | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? `Edit ${product.name}` : 'Add Product'}
      description="Changes show in the catalogue as soon as they are saved."
      wide
    >
      {(close) => <ProductFormBody product={product} onDone={close} />}
    </FormDialog>
  );
}

function ProductFormBody({ product, onDone }: { product: Product | null; onDone(): void }) {
  const save = useSaveProduct();
  const reload = useReloadProduct();
  const form = useForm<ProductFormIn, unknown, ProductFormOut>({
    resolver: zodResolver(ProductForm),
    defaultValues: defaults(product),
  });

  // The stock the admin last saw: the list's figure, or the one a 409 named (after
  // reading 'The stock changed to N', saving again means the admin's figure on purpose).
  const seenStock = useRef(product?.stockQuantity ?? 0);
  // The product as the form was last brought up to date with: the one opened, or the one
  // read again after a 409. An edit sends its editVersion (the server refuses the edit
  // if someone saved the product since).
  const base = useRef(product);
  const submit = async ({ featuresText, stockQuantity, ...fields }: ProductFormOut) => {
    const features = featureLines(featuresText);
    // An edit sends the stock only when the admin changed it, with the stock they saw:
    // units sold while the dialog was open are never put back (409 instead).
    const stock =
      product === null
        ? { stockQuantity, inStock: stockQuantity > 0 }
        : form.getFieldState('stockQuantity').isDirty
          ? { stockQuantity, expectedStockQuantity: seenStock.current }
          : {};
    const version = base.current ? { expectedEditVersion: base.current.editVersion } : {};
    const body = { ...fields, features, ...stock, ...version };
    try {
      const saved = await save.mutateAsync({ id: product?.id ?? null, body });
      toast({
        title: product ? 'Product Updated' : 'Product Created',
        description: `${saved.name} is saved${saved.isActive ? ' and shows in the catalogue' : ' (inactive: hidden from the catalogue)'}.`,
      });
      onDone();
    } catch (error) {
      const current = error instanceof ApiRequestError ? error.body : null;
      if (
        current &&
        typeof current === 'object' &&
        'currentStockQuantity' in current &&
        typeof current.currentStockQuantity === 'number'
      ) {
        seenStock.current = current.currentStockQuantity;
      }
      if (product && isConflict(error)) await startAgainFromSaved(product.id, error.message);
      else if (!applyServerErrors(form, error)) toastError(error, 'Failed to save the product.');
    }
  };

  /**
   * After a 409: reads the product as it is now and brings the form up to it around the
   * admin's input (the dialog stays open), then says so. When it cannot be read, the
   * server's message alone (the next save is refused again: nothing is overwritten).
   */
  const startAgainFromSaved = async (id: number, message: string) => {
    const fresh = await reload(id).catch(() => null);
    if (!fresh || !base.current) {
      toastStaleEdit(message, null);
      return;
    }
    const overlap = rebaseForm(form, defaults(base.current), defaults(fresh), FIELD_LABELS);
    base.current = fresh;
    seenStock.current = fresh.stockQuantity;
    toastStaleEdit(message, overlap);
  };

  const categoryOptions = PRODUCT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }));
  const collectionOptions = PRODUCT_COLLECTIONS.map((c) => ({
    value: c,
    label: COLLECTION_LABELS[c],
  }));
  return (
    <AdminForm form={form} onSubmit={submit} aria-label={product ? 'Edit product' : 'New product'}>
      <TextField name="name" label="Name" autoComplete="off" />
      <TextareaField name="description" label="Description" rows={3} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name="price"
          label="Price ($)"
          inputMode="decimal"
          description="Dollars with up to two decimals; 0 means free."
        />
        <TextField name="stockQuantity" label="Stock" inputMode="numeric" valueAs="number" />
        <TextField
          name="purchaseLimit"
          label="Limit per customer"
          inputMode="numeric"
          valueAs="nullableNumber"
          description="Empty: no limit."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="category" label="Category" options={categoryOptions} />
        <SelectField name="collection" label="Collection" options={collectionOptions} />
      </div>
      <ImageUpload
        label="Image"
        previewAlt="Product preview"
        value={form.watch('imageUrl') ?? null}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true })}
      />
      <TextareaField
        name="featuresText"
        label="Features"
        rows={3}
        description="One feature per line."
      />
      <CheckboxField
        name="isActive"
        label="Active"
        description="Inactive products are hidden from the catalogue."
      />
      <FormActions
        submitLabel={product ? 'Save Product' : 'Create Product'}
        pendingLabel="Saving..."
        onCancel={onDone}
      />
    </AdminForm>
  );
}
