/**
 * Mounting a route over the server's HTML as start.tsx does (Preact's `render` into the
 * server's #root, the page's data already in the query cache) and recording every DOM
 * change the mount makes: a server page written in the app's markup gives none, so
 * nothing on screen moves when the app takes over (docs/decisions.md, issue 10).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentChild, render } from 'preact';
import type * as React from 'react';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** One DOM change: its kind, the node it touched and what changed. */
export interface DomChange {
  type: string;
  target: string;
  detail: string;
}

/** What `mountOverServerHtml` leaves: the root, its elements before the mount, the changes. */
export interface MountedOverServer {
  root: HTMLElement;
  /** Every element under the root before the mount, in document order. */
  serverElements: Element[];
  changes: DomChange[];
}

const describeNode = (n: Node) =>
  n.nodeType === 1 ? (n as Element).localName : `#${n.nodeName}:${n.textContent}`;

/**
 * Puts `html` (the server's main) into a new #root, then renders `Component` at `url` for
 * the route `path` over it with a query client holding `data` (the page's `[queryKey,
 * value]` entries), and returns every node, text and attribute value the first render
 * changed. Unmount `root` with ./dom.ts `unmount`.
 */
export async function mountOverServerHtml({
  html,
  path,
  url,
  Component,
  data = [],
  beforeMount,
}: {
  html: string;
  path: string;
  url: string;
  Component: React.ComponentType;
  data?: [readonly unknown[], unknown][];
  /** Called with the root holding the server's HTML, before the app renders over it. */
  beforeMount?: (root: HTMLElement) => void;
}): Promise<MountedOverServer> {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  beforeMount?.(root);
  const serverElements = [...root.querySelectorAll('*')];
  const changes: DomChange[] = [];
  const attributesBefore = new Map<Element, Map<string, string | null>>();
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        const element = r.target as Element;
        const before = attributesBefore.get(element) ?? new Map<string, string | null>();
        attributesBefore.set(element, before);
        if (!before.has(r.attributeName!)) before.set(r.attributeName!, r.oldValue);
      } else if (r.type === 'characterData') {
        if ((r.target as Text).data !== r.oldValue)
          changes.push({ type: r.type, target: r.oldValue ?? '', detail: (r.target as Text).data });
      } else {
        changes.push({
          type: r.type,
          target: describeNode(r.target),
          detail: `+${[...r.addedNodes].map(describeNode).join(',')} -${[...r.removedNodes].map(describeNode).join(',')}`,
        });
      }
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
    characterData: true,
    characterDataOldValue: true,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  const router = createMemoryRouter([{ path, Component }], { initialEntries: [url] });
  act(() => {
    render(
      (
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      ) as unknown as ComponentChild,
      root,
    );
  });
  await Promise.resolve();
  observer.disconnect();
  for (const [element, names] of attributesBefore)
    for (const [name, from] of names) {
      const to = element.getAttribute(name);
      if (to !== from)
        changes.push({
          type: 'attributes',
          target: element.localName,
          detail: `${name}: ${from} -> ${to}`,
        });
    }
  return { root, serverElements, changes };
}
