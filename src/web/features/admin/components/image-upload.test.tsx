// @vitest-environment jsdom
/**
 * The admin image field while its upload runs (image-upload.tsx; docs/decisions.md "One
 * way to show an unavailable button"): the file field is aria-disabled, not `disabled`, so
 * the keyboard user who picked the file keeps the focus on it (WCAG 2.4.3); it opens no
 * picker and takes no other file meanwhile, and 'Uploading...' is announced in its hint.
 */
import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldResponse, jsonResponse, settle, unmount } from '@/test/dom';
import { ImageUpload } from './image-upload';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/** Puts `file` into the file field and fires its change, as picking it in the dialog does. */
function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('admin image upload', () => {
  it('keeps the focus on the file field while uploading, announcing it and taking no other file', async () => {
    const held = heldResponse();
    const fetch = vi.fn(() => held.wait());
    vi.stubGlobal('fetch', fetch);
    const onChange = vi.fn();
    container = document.createElement('div');
    document.body.append(container);
    act(() =>
      render(
        <ImageUpload label="Image" previewAlt="Product" value={null} onChange={onChange} />,
        container,
      ),
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const hint = container.querySelector<HTMLElement>('[aria-live="polite"]')!;
    input.focus();
    choose(input, new File(['png'], 'logo.png', { type: 'image/png' }));

    await settle(() => expect(hint.textContent).toBe('Uploading...'));
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    // Focusable and focused, yet unavailable: not `disabled`.
    expect(input.disabled).toBe(false);
    expect(input.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(input);
    // A click (or Enter / Space) opens no picker, and another file is not sent meanwhile.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    input.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    choose(input, new File(['gif'], 'other.gif', { type: 'image/gif' }));
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => {
      held.answer(jsonResponse(201, { url: '/api/files/logo', contentType: 'image/png' }));
    });
    await settle(() => expect(onChange).toHaveBeenCalledWith('/api/files/logo'));
    expect(onChange).toHaveBeenCalledTimes(1);
    await settle(() => expect(input.hasAttribute('aria-disabled')).toBe(false));
    expect(document.activeElement).toBe(input);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    input.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
