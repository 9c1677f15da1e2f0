// @vitest-environment jsdom
/**
 * The order lines table the receipt, Track Order's confirmation and the admin's order
 * details share: each layout's column headers, cells and accessible name as those three
 * showed them before they shared it; a line's amount is the unit price times the quantity
 * in whole cents (../format.ts `lineTotalCents`), in US dollars with thousands separators;
 * `footer` rows go under the lines in a <tfoot>.
 */
import type { Order } from '@shared/schemas/orders';
import { render } from 'preact';
import type { ReactNode } from 'react';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { orderFixture } from '@/test/fixtures';
import { type OrderLinesLayout, OrderLinesTable } from './order-lines-table';

/** 250 at $5.59 ($1,397.50), 7 at $5.04 ($35.28), 3 at $0.29 ($0.87, not 0.8699…). */
const items: Order['items'] = [
  ...orderFixture().items,
  { productId: null, name: 'Retired Divot Tool', quantity: 3, price: 0.29 },
];

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
});

/** Renders the table into the document; returns it. */
function mount(
  layout: OrderLinesLayout,
  extra: { caption?: string; footer?: ReactNode } = {},
): HTMLTableElement {
  container = document.createElement('div');
  document.body.append(container);
  act(() => render(<OrderLinesTable items={items} layout={layout} {...extra} />, container!));
  const table = container.querySelector('table');
  if (!table) throw new Error('no table');
  return table;
}

/** The cells of each row of `section` ('thead', 'tbody' or 'tfoot'), as text. */
const rows = (table: HTMLTableElement, section: string) =>
  [...table.querySelectorAll(`${section} tr`)].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

describe('OrderLinesTable', () => {
  it("document (the receipt): Item, Qty, Unit price, Amount; named by its caption; the footer's rows under the lines", () => {
    const table = mount('document', {
      caption: 'Items in order #41',
      footer: (
        <tr>
          <th scope="row" colSpan={3}>
            Total (USD)
          </th>
          <td>$1,440.77</td>
        </tr>
      ),
    });
    expect(table.querySelector('caption')?.textContent).toBe('Items in order #41');
    expect(table.querySelector('caption')?.className).toBe('sr-only');
    expect(rows(table, 'thead')).toEqual([['Item', 'Qty', 'Unit price', 'Amount']]);
    expect(
      [...table.querySelectorAll('thead th')].every((th) => th.getAttribute('scope') === 'col'),
    ).toBe(true);
    expect(rows(table, 'tbody')).toEqual([
      ['Eagle Flag Pin', '250', '$5.59', '$1,397.50'],
      ['Ball Marker', '7', '$5.04', '$35.28'],
      ['Retired Divot Tool', '3', '$0.29', '$0.87'],
    ]);
    expect(rows(table, 'tfoot')).toEqual([['Total (USD)', '$1,440.77']]);
  });

  it("summary (Track Order): the unit price as '$X each' under the name, the amount headed Total", () => {
    const table = mount('summary', { caption: 'Items in order #41' });
    expect(table.querySelector('caption')?.textContent).toBe('Items in order #41');
    expect(rows(table, 'thead')).toEqual([['Item', 'Qty', 'Total']]);
    expect(rows(table, 'tbody')).toEqual([
      ['Eagle Flag Pin$5.59 each', '250', '$1,397.50'],
      ['Ball Marker$5.04 each', '7', '$35.28'],
      ['Retired Divot Tool$0.29 each', '3', '$0.87'],
    ]);
    expect(table.querySelector('tfoot')).toBeNull();
  });

  it("compact (the admin's details): Item, Qty, Unit price, no amount column, no caption", () => {
    const table = mount('compact');
    expect(table.querySelector('caption')).toBeNull();
    expect(rows(table, 'thead')).toEqual([['Item', 'Qty', 'Unit price']]);
    expect(rows(table, 'tbody')).toEqual([
      ['Eagle Flag Pin', '250', '$5.59'],
      ['Ball Marker', '7', '$5.04'],
      ['Retired Divot Tool', '3', '$0.29'],
    ]);
    expect(table.querySelector('tfoot')).toBeNull();
  });

  it('keeps the numbers on one line while a long name may wrap (the receipt at 360 px)', () => {
    const table = mount('document');
    const [name, ...numbers] = [...table.querySelectorAll('tbody tr:first-child td')];
    expect(name.className).toContain('wrap-anywhere');
    for (const cell of numbers) expect(cell.className).toContain('whitespace-nowrap');
  });
});
