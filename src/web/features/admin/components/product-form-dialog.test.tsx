// @vitest-environment jsdom
/**
 * Admin 'Edit product': an edit that leaves Stock alone sends no stock, so units sold
 * while the dialog was open are not put back; a changed Stock goes with the stock the
 * admin saw (the server refuses it with 409 if an order changed it since). An emptied
 * Stock box and too many features are named on their fields, not saved as 0 or sent.
 * Every edit sends the editVersion it was opened on; when the server answers 409 (someone
 * saved the product since), the dialog stays open with the admin's input, shows the
 * message, and takes the saved product as its new base (a concurrency audit).
 */
import type { Product } from '@shared/schemas/catalog';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { openEditDialog } from '@/test/edit-dialog';
import { waitForToast } from '@/test/toasts';
import { ProductFormDialog } from './product-form-dialog';

const islandGreen: Product = {
  id: 7,
  name: 'Island Green',
  description: 'The 17th at Sawgrass.',
  price: 12.5,
  imageUrl: null,
  videoUrl: null,
  inStock: true,
  stockQuantity: 60,
  category: 'golf-pins',
  collection: 'other',
  isActive: true,
  purchaseLimit: null,
  features: ['Gold plating'],
  ageGroup: 'adult',
  gender: 'unisex',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  editVersion: 'version-opened',
};

const CHANGED =
  'This product was changed by someone else while you edited it. Reload to see the changes.';

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/**
 * Opens the Edit dialog of Island Green; returns the PUT bodies it sends and its form.
 * `answer` gives the response to PUT number n (default: saved); `listed` is the admin's
 * product list as the server has it now (GET /api/products?includeInactive=true).
 */
async function openEdit(
  answer: (body: Record<string, unknown>, n: number) => Response = (body) =>
    jsonResponse(200, { ...islandGreen, ...body }),
  listed: () => Product[] = () => [],
) {
  const opened = await openEditDialog({
    dialog: <ProductFormDialog product={islandGreen} open onOpenChange={() => {}} />,
    formLabel: 'Edit product',
    answer,
    isListRead: (url) => url.includes('includeInactive=true'),
    listed,
  });
  container = opened.container;
  return opened;
}

describe('Edit product', () => {
  it('an edit that leaves Stock alone sends no stock (units sold meanwhile stay sold)', async () => {
    const { sent, form, type } = await openEdit();
    await act(() => type('description', 'The island green at the 17th.'));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ description: 'The island green at the 17th.' });
    expect(sent[0]).not.toHaveProperty('stockQuantity');
    expect(sent[0]).not.toHaveProperty('inStock');
  });

  it('a changed Stock is sent with the stock the admin saw', async () => {
    const { sent, form, type } = await openEdit();
    await act(() => type('stockQuantity', '75'));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ stockQuantity: 75, expectedStockQuantity: 60 });
  });

  it('after a 409 naming the new stock, saving again sends that figure as the one seen', async () => {
    const { sent, form, type } = await openEdit((body, n) =>
      n === 1
        ? jsonResponse(409, {
            message:
              'The stock changed to 56 since this was opened (an order or another edit). Check it and save again.',
            currentStockQuantity: 56,
          })
        : jsonResponse(200, { ...islandGreen, ...body }),
    );
    await act(() => type('stockQuantity', '100'));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(1));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ stockQuantity: 100, expectedStockQuantity: 56 });
  });

  it('an edit sends the editVersion it was opened on', async () => {
    const { sent, form, type } = await openEdit();
    await act(() => type('name', 'Island Green 17'));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      name: 'Island Green 17',
      expectedEditVersion: 'version-opened',
    });
  });

  it('a 409 (saved by someone else meanwhile) keeps the dialog open with the admin input, shows the message, and saving again keeps both changes', async () => {
    // Another admin changed the price and the features while this one wrote a description.
    const saved: Product = {
      ...islandGreen,
      price: 14,
      features: ['Gold plating', 'Rubber clutch'],
      description: 'Sawgrass, as the other admin wrote it.',
      editVersion: 'version-saved',
    };
    const { sent, form, type, value } = await openEdit(
      (body, n) =>
        n === 1
          ? jsonResponse(409, { message: CHANGED })
          : jsonResponse(200, { ...saved, ...body }),
      () => [saved],
    );
    await act(() => type('description', 'The island green at the 17th.'));
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(1));
    await waitForToast({
      title: 'Not Saved',
      description: `${CHANGED} The form now shows their changes and still holds yours. Changed by both of you: Description (saving again keeps yours).`,
    });
    // Still open, the admin's words kept, the other admin's price and features taken in.
    expect(document.querySelector('form[aria-label="Edit product"]')).toBe(form);
    expect(value('description')).toBe('The island green at the 17th.');
    expect(value('price')).toBe('14.00');
    expect(value('featuresText')).toBe('Gold plating\nRubber clutch');

    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      description: 'The island green at the 17th.',
      price: 14,
      features: ['Gold plating', 'Rubber clutch'],
      expectedEditVersion: 'version-saved',
    });
    expect(sent[1]).not.toHaveProperty('stockQuantity');
  });

  it('when the saved product cannot be read after a 409, the message shows and the next save is still checked against the copy opened', async () => {
    const { sent, form, type } = await openEdit((_body) => jsonResponse(409, { message: CHANGED }));
    await act(() => type('description', 'Mine.'));
    await act(() => form.requestSubmit());
    await waitForToast({ title: 'Not Saved', description: CHANGED });
    await act(() => form.requestSubmit());
    await settle(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ description: 'Mine.', expectedEditVersion: 'version-opened' });
  });

  it('an emptied Stock box and 21 features are named on their fields, nothing sent', async () => {
    const { sent, form, type } = await openEdit();
    await act(() => {
      type('stockQuantity', '');
      type('featuresText', Array.from({ length: 21 }, (_, i) => `Feature ${i + 1}`).join('\n'));
    });
    await act(() => form.requestSubmit());
    await settle(() => {
      expect(form.textContent).toContain('Stock is required');
      expect(form.textContent).toContain('At most 20 features (one per line)');
    });
    expect(sent).toHaveLength(0);
  });
});
