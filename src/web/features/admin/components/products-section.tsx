/**
 * Admin 'Products' (back-office spec sections 2, 3, 5, 7; issue 8): every product,
 * inactive ones marked, in the admin table (search; collection, stock and status
 * filters), with the spec's stock labels (0 Out of Stock, 1-10 Low Stock, above 10
 * In Stock). Add / Edit open the product form; stock is edited inline
 * (PUT /api/products/{id}/stock; a negative number is ignored with a message, spec
 * section 2); Delete asks first, and a product that appears in orders is deactivated
 * instead (the server says so and the toast repeats it).
 */
import { COLLECTION_LABELS, PRODUCT_COLLECTIONS } from '@shared/catalog';
import { formatDollars, typedNumberText } from '@shared/money';
import { stockLabel } from '@shared/pricing';
import type { Product } from '@shared/schemas/catalog';
import { Pencil, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { StockBadge } from '@/features/catalog/components/stock-badge';
import { toast } from '@/lib/toast';
import { useAdminProducts, useDeleteProduct, useUpdateStock } from '../back-office-api';
import { runDelete, toastError } from '../notify';
import { activeFilter, type TableFilter } from '../table-state';
import { ActionBar } from './action-bar';
import { DataTable, fromQuery } from './data-table';
import { DeleteAction } from './delete-action';
import { ProductFormDialog } from './product-form-dialog';

const filters: TableFilter<Product>[] = [
  {
    id: 'collection',
    label: 'Collection',
    options: [
      { value: '', label: 'All collections' },
      ...PRODUCT_COLLECTIONS.map((c) => ({ value: c, label: COLLECTION_LABELS[c] })),
    ],
    matches: (p, v) => p.collection === v,
  },
  {
    id: 'stock',
    label: 'Stock',
    options: [
      { value: '', label: 'Any stock' },
      { value: 'In Stock', label: 'In Stock' },
      { value: 'Low Stock', label: 'Low Stock' },
      { value: 'Out of Stock', label: 'Out of Stock' },
    ],
    matches: (p, v) => stockLabel(p.stockQuantity, p.inStock) === v,
  },
  activeFilter<Product>(),
];

export function ProductsSection() {
  const products = useAdminProducts();
  const [editing, setEditing] = useState<Product | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const openForm = (product: Product | null) => {
    setEditing(product);
    setFormOpen(true);
  };
  const addButton = (
    <Button type="button" onClick={() => openForm(null)}>
      <Plus aria-hidden="true" />
      Add Product
    </Button>
  );
  return (
    <>
      <DataTable
        label="Products"
        {...fromQuery(products)}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        searchText={(p) => [p.name, p.description, p.category, p.collection]}
        searchPlaceholder="Name or description"
        filters={filters}
        emptyTitle="No products yet."
        emptyAction={addButton}
        toolbar={addButton}
        columns={[
          {
            id: 'image',
            header: 'Image',
            cell: (p) =>
              p.imageUrl ? (
                <img src={p.imageUrl} alt="" className="size-10 rounded border object-contain" />
              ) : (
                <span className="text-muted-foreground text-xs">None</span>
              ),
          },
          {
            id: 'name',
            header: 'Product',
            primary: true,
            cell: (p) => (
              <span className="flex flex-wrap items-center gap-2 wrap-anywhere">
                {p.name}
                {p.isActive ? null : <Badge variant="outline">Inactive</Badge>}
              </span>
            ),
          },
          { id: 'collection', header: 'Collection', cell: (p) => COLLECTION_LABELS[p.collection] },
          { id: 'price', header: 'Price', numeric: true, cell: (p) => formatDollars(p.price) },
          {
            id: 'stock',
            header: 'Stock',
            cell: (p) => <StockEditor product={p} />,
          },
        ]}
        actions={(p) => <ProductActions product={p} onEdit={() => openForm(p)} />}
      />
      <ProductFormDialog product={editing} open={formOpen} onOpenChange={setFormOpen} />
    </>
  );
}

/** The stock label and an inline stock field with Save (on cards, one under the other). */
function StockEditor({ product }: { product: Product }) {
  const id = useId();
  const [value, setValue] = useState(String(product.stockQuantity));
  // The stock this row last showed: when the list brings a new figure (an order, the
  // Edit dialog), an untouched field follows it instead of offering the old one to save.
  const [shown, setShown] = useState(product.stockQuantity);
  if (shown !== product.stockQuantity) {
    setShown(product.stockQuantity);
    if (value === String(shown)) setValue(String(product.stockQuantity));
  }
  const update = useUpdateStock();
  const save = async () => {
    if (update.isPending || value === String(product.stockQuantity)) return;
    const n = Number(typedNumberText(value));
    if (value.trim() === '' || !Number.isInteger(n)) {
      toast({
        title: 'Error',
        description: 'Stock must be a whole number.',
        variant: 'destructive',
      });
      return;
    }
    if (n < 0) {
      // Spec section 2: negative stock edits are ignored.
      setValue(String(product.stockQuantity));
      toast({
        title: 'Stock Not Changed',
        description: 'Stock cannot be negative, so the change was ignored.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const saved = await update.mutateAsync({
        id: product.id,
        stockQuantity: n,
        expectedStockQuantity: product.stockQuantity,
      });
      toast({
        title: 'Stock Updated',
        description: `${saved.name}: ${saved.stockQuantity} in stock.`,
      });
    } catch (error) {
      toastError(error, 'Failed to update stock.');
    }
  };
  // On the phone's cards (below md) the badge has its own line and the field and Save the
  // next one: wrapped in one row, the wider 'Out of Stock' badge pushed them down and the
  // card grew 30 px under the admin's finger when the stock went to 0 (an owner audit).
  return (
    <div className="flex flex-col items-start gap-2 md:flex-row md:flex-wrap md:items-center">
      <StockBadge stockQuantity={product.stockQuantity} inStock={product.inStock} />
      <form
        className="flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor={id} className="sr-only">
          Stock of {product.name}
        </label>
        <Input
          id={id}
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="h-8 w-20"
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          // Pending while saving; unavailable (aria-disabled), not disabled, while the figure
          // is unchanged: after a save the focus stays on the button instead of falling to
          // the page's start.
          pending={update.isPending}
          unavailable={value === String(product.stockQuantity)}
        >
          Save<span className="sr-only"> stock of {product.name}</span>
        </Button>
      </form>
    </div>
  );
}

function ProductActions({ product, onEdit }: { product: Product; onEdit(): void }) {
  const remove = useDeleteProduct();
  const doDelete = () =>
    runDelete(remove.mutateAsync(product.id), { noun: 'Product', name: product.name });
  return (
    <ActionBar
      className="justify-end"
      destructive={
        <DeleteAction
          itemName={product.name}
          title={`Delete ${product.name}?`}
          description={`This removes ${product.name} from the catalogue and from every shopper's cart for good. If it appears in past orders it is deactivated instead, so the order history keeps it.`}
          confirmLabel="Delete Product"
          onDelete={doDelete}
        />
      }
    >
      <Button type="button" size="sm" variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> {product.name}</span>
      </Button>
    </ActionBar>
  );
}
