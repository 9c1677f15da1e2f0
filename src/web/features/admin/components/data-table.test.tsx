// @vitest-environment jsdom
/**
 * The admin tables' pages: at the last page 'Next' stays focusable (aria-disabled, not
 * disabled), so the keyboard user who pressed it keeps their place instead of the focus
 * falling to the page's start; pressing it there changes nothing.
 */
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { button, installMatchMedia, unmount } from '@/test/dom';
import { DataTable } from './data-table';

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(() => unmount(container));

const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Pin ${i + 1}` }));

describe('DataTable pages', () => {
  it("'Next' keeps the focus on the last page and does nothing more there", async () => {
    container = document.createElement('div');
    document.body.append(container);
    act(() =>
      render(
        <DataTable
          label="Pins"
          rows={rows}
          isLoading={false}
          pageSize={2}
          rowKey={(r) => r.id}
          rowLabel={(r) => r.name}
          emptyTitle="No pins"
          columns={[{ id: 'name', header: 'Name', primary: true, cell: (r) => r.name }]}
        />,
        container,
      ),
    );
    const next = button(/^Next$/);
    next.focus();
    await act(() => next.click());
    await act(() => next.click());
    expect(container.textContent).toContain('Page 3 of 3');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.disabled).toBe(false);
    expect(document.activeElement).toBe(next);
    await act(() => next.click());
    expect(container.textContent).toContain('Page 3 of 3');
    expect(button(/^Previous$/).getAttribute('aria-disabled')).toBeNull();
  });
});
