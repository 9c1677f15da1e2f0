// @vitest-environment jsdom
/**
 * The client runs on Preact 11 through preact/compat (docs/decisions.md, issue 12). These
 * components rely on React 19's ref-as-prop: react-hook-form's `register()` hands a `ref`
 * that must reach the DOM input through our function components (no forwardRef), and
 * Radix's Slot (`asChild`) merges refs the same way. Rendered with the aliased react-dom.
 */
import { Slot } from '@radix-ui/react-slot';
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
// Resolves to preact/test-utils (React 19 moved act into 'react'; Preact keeps it here).
import { act } from 'react-dom/test-utils';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unmount } from '@/test/dom';
import { Input } from './input';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
});

function mount(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return root;
}

describe('ref as a prop under preact/compat', () => {
  it('reaches the input element through <Input ref>', () => {
    const ref = createRef<HTMLInputElement>();
    mount(<Input ref={ref} name="email" />);
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
    expect(ref.current?.getAttribute('name')).toBe('email');
  });

  it('lets react-hook-form register() read typed values and set defaults', async () => {
    let submitted: Record<string, string> | undefined;
    function Form() {
      const form = useForm({ defaultValues: { title: 'Ace', quantity: '' } });
      return (
        <form
          onSubmit={form.handleSubmit((values) => {
            submitted = values;
          })}
        >
          <Input aria-label="Title" {...form.register('title')} />
          <Input aria-label="Quantity" {...form.register('quantity', { required: true })} />
          <button type="submit">Save</button>
        </form>
      );
    }
    mount(<Form />);
    const title = container.querySelector<HTMLInputElement>('input[name="title"]')!;
    const quantity = container.querySelector<HTMLInputElement>('input[name="quantity"]')!;
    // The default value went through the ref into the DOM element.
    expect(title.value).toBe('Ace');
    // Submitting with the required field empty focuses it through the registered ref.
    container.querySelector('form')!.requestSubmit();
    await vi.waitFor(() => expect(document.activeElement).toBe(quantity));
    expect(submitted).toBeUndefined();
    quantity.value = '25';
    quantity.dispatchEvent(new Event('input', { bubbles: true }));
    container.querySelector('form')!.requestSubmit();
    await vi.waitFor(() => expect(submitted).toEqual({ title: 'Ace', quantity: '25' }));
  });

  it('merges refs through Radix Slot (asChild)', () => {
    const ref = createRef<HTMLAnchorElement>();
    mount(
      <Slot ref={ref} className="x">
        <a href="/wholesale">Shop</a>
      </Slot>,
    );
    expect(ref.current).toBeInstanceOf(HTMLAnchorElement);
    expect(ref.current?.className).toBe('x');
  });
});
