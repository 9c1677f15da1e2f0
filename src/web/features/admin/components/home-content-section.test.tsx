// @vitest-environment jsdom
/**
 * Admin 'Home Page' (issue 10): both lists (customer logos, testimonials) show their
 * entries with the 'Sample' badge on invented ones and their order, 'Add' opens an empty
 * form and 'Edit' the entry's own form.
 */
import type { HomeLogo, HomeTestimonial } from '@shared/schemas/home';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { HomeContentSection } from './home-content-section';

const logos: HomeLogo[] = [
  { id: 1, name: 'Oak Hills GC', imageUrl: '/api/files/oak', isSample: true, sortOrder: 2 },
  { id: 2, name: 'Pine Valley', imageUrl: '/api/files/pine', isSample: false, sortOrder: 5 },
];
const testimonials: HomeTestimonial[] = [
  {
    id: 7,
    name: 'Sam Birdie',
    title: 'Head Pro, Oak Hills GC',
    quote: 'Lovely pins.',
    avatarUrl: null,
    imageUrl: null,
    isSample: false,
    sortOrder: 1,
  },
];

beforeAll(installMatchMedia);

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

async function mount() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { logos, testimonials })),
  );
  container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HomeContentSection />
      </QueryClientProvider>,
      container,
    ),
  );
  for (let i = 0; i < 100 && !container.textContent?.includes('Sam Birdie'); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

const section = (name: string) => {
  const heading = [...container.querySelectorAll('h3')].find((h) => h.textContent === name);
  return container.querySelector<HTMLElement>(`section[aria-labelledby="${heading?.id}"]`)!;
};
const button = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === text)!;
const dialogTitle = () => document.querySelector('[role="dialog"] h2')?.textContent;

describe('admin Home Page lists', () => {
  it("a failed load offers 'Try Again', which loads the lists", async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { message: 'Something went wrong' })
          : jsonResponse(200, { logos, testimonials });
      }),
    );
    container = document.createElement('div');
    document.body.append(container);
    act(() =>
      render(
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          <HomeContentSection />
        </QueryClientProvider>,
        container,
      ),
    );
    await settle(() => expect(container.textContent).toContain('We could not load'));
    await act(() => button(container, 'Try Again').click());
    await settle(() => expect(container.textContent).toContain('Sam Birdie'));
  });

  it('lists each entry with its Sample badge and order, under its heading and note', async () => {
    await mount();
    const logoList = section('Customer logos');
    expect(logoList.textContent).toContain(
      'The carousel shows the first 12 in order; with none it is hidden.',
    );
    const logoCards = [...logoList.querySelectorAll('article')];
    expect(logoCards.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Oak Hills GC',
      'Pine Valley',
    ]);
    expect(logoCards[0]?.textContent).toContain('Oak Hills GCSample');
    expect(logoCards[0]?.textContent).toContain('Order2');
    expect(logoCards[1]?.textContent).not.toContain('Sample');
    expect(logoCards[1]?.querySelector('img')?.getAttribute('src')).toBe('/api/files/pine');

    const quoteList = section('Testimonials');
    expect(quoteList.textContent).toContain(
      'The home page shows the first 3 in order; with none the section is hidden.',
    );
    const quoteCard = quoteList.querySelector('article')!;
    expect(quoteCard.getAttribute('aria-label')).toBe('Sam Birdie');
    expect(quoteCard.textContent).toContain('Head Pro, Oak Hills GC');
    expect(quoteCard.textContent).toContain('Lovely pins.');
    expect(quoteCard.textContent).toContain('Order1');
  });

  it("'Add' opens an empty form, 'Edit' the entry's form", async () => {
    await mount();
    act(() => button(section('Customer logos'), 'Add Logo').click());
    expect(dialogTitle()).toBe('Add Logo');
    expect(document.querySelector<HTMLInputElement>('[role="dialog"] input')?.value).toBe('');
    act(() => button(document, 'Cancel').click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));

    act(() => button(section('Testimonials'), 'Edit Sam Birdie').click());
    expect(dialogTitle()).toBe('Edit Sam Birdie');
    expect(document.querySelector<HTMLInputElement>('[role="dialog"] input')?.value).toBe(
      'Sam Birdie',
    );
  });
});
