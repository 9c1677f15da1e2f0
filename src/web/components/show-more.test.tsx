// @vitest-environment jsdom
/**
 * Long lists are shown 50 at a time (a scale audit: 20,000 order cards froze the
 * browser): 'Showing N of M', 'Show more' adds a page, and an item that must be on the
 * page (a highlighted order) is shown even past the first page.
 */
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { button, unmount } from '@/test/dom';
import { LIST_PAGE_SIZE, ShowMore, useListPage } from './show-more';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
});

function List({ items, keep = -1 }: { items: number[]; keep?: number }) {
  const page = useListPage(items, keep);
  return (
    <div>
      <ul>
        {page.visible.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <ShowMore page={page} noun="orders" />
    </div>
  );
}

function mount(items: number[], keep?: number) {
  container = document.createElement('div');
  document.body.append(container);
  act(() => render(<List items={items} keep={keep} />, container!));
  return {
    rows: () => container!.querySelectorAll('li').length,
    note: () => container!.querySelector('p')?.textContent ?? null,
  };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('useListPage and ShowMore', () => {
  it('shows a page, then one more per press, until all are shown', async () => {
    expect(LIST_PAGE_SIZE).toBe(50);
    const list = mount(range(120));
    expect(list.rows()).toBe(50);
    expect(list.note()).toBe('Showing 50 of 120 orders');
    await act(() => button(/^Show more$/).click());
    expect(list.rows()).toBe(100);
    expect(list.note()).toBe('Showing 100 of 120 orders');
    await act(() => button(/^Show more$/).click());
    expect(list.rows()).toBe(120);
    expect(list.note()).toBeNull();
    expect(() => button(/^Show more$/)).toThrow();
  });

  it('a short list shows everything and no button', () => {
    const list = mount(range(7));
    expect(list.rows()).toBe(7);
    expect(list.note()).toBeNull();
  });

  it('keeps an item past the first page on the page (a highlighted order)', () => {
    const list = mount(range(200), 130);
    expect(list.rows()).toBe(131);
    expect(list.note()).toBe('Showing 131 of 200 orders');
  });
});
