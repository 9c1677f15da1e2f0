// @vitest-environment jsdom
/**
 * Step 4 of the custom pin wizard with a keyboard and a screen reader (an audit of
 * 2026-11-27): 'Next Step' stays in the tab order while something is missing, carries its
 * 'To continue, ...' hint and, pressed, moves the focus to the first missing field; the
 * required fields say so; a wrong e-mail is marked invalid with its error read with it;
 * the logo upload is announced at its start and end, never percent by percent.
 */
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { button, installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { INITIAL_WIZARD, PROGRESS_KEY, progressToSave } from '../wizard-state';
import { CustomWizard } from './custom-wizard';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The wizard, reopened at step 4 (saved progress) with nothing of step 4 filled in. */
async function openStep4(): Promise<HTMLDivElement> {
  installMatchMedia();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/auth/user')) return jsonResponse(200, null);
      if (url.endsWith('/api/custom-orders/rush-slots'))
        return jsonResponse(200, { slotsLeft: 3, slotsPerMonth: 5 });
      if (url.endsWith('/api/calendar'))
        return jsonResponse(200, { today: '2031-01-06', timeZone: 'UTC' });
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  localStorage.setItem(
    PROGRESS_KEY,
    progressToSave({ ...INITIAL_WIZARD, currentStep: 4, quantity: 100 }, Date.now()),
  );
  const root = document.createElement('div');
  document.body.append(root);
  container = root;
  renderRoutes(
    root,
    createMemoryRouter([{ path: '/custom', element: <CustomWizard /> }], {
      initialEntries: ['/custom'],
    }),
  );
  await settle(() => expect(root.querySelector('input[type="file"]')).not.toBeNull());
  return root;
}

const field = (root: Element, label: string) => {
  const id = [...root.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
  const input = id ? root.querySelector<HTMLInputElement>(`[id="${id}"]`) : null;
  if (!input) throw new Error(`no field ${label}`);
  return input;
};

/** The texts `el` points to with aria-describedby. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

/** Types `value` into `input` as a user does (an input event), then leaves it. */
function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new FocusEvent('blur'));
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

function chooseFile(input: HTMLInputElement) {
  const file = new File(['%PDF-1.4'], 'crest.pdf', { type: 'application/pdf' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('the wizard step 4 with a keyboard and a screen reader', () => {
  it("keeps 'Next Step' focusable with its hint; pressed, it shows what is missing", async () => {
    const root = await openStep4();
    const next = button(/^Next Step$/);
    // In the tab order (a disabled button was skipped by Tab, and its hint with it).
    expect(next.disabled).toBe(false);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.tabIndex).toBe(0);
    expect(description(next)).toEqual([
      'To continue, upload your logo or design file, enter your full name, enter a valid email address.',
    ]);
    // Required fields say so, not only with '*'.
    expect(field(root, 'Full Name *').required).toBe(true);
    expect(field(root, 'Full Name *').getAttribute('aria-required')).toBe('true');
    expect(field(root, 'Email *').required).toBe(true);
    expect(field(root, 'Email *').getAttribute('aria-required')).toBe('true');
    expect(field(root, 'Logo or design file *').required).toBe(true);

    // Pressed: the step stays, the missing fields are marked and the first takes the focus.
    next.focus();
    next.click();
    await settle(() => expect(document.activeElement).toBe(field(root, 'Logo or design file *')));
    expect(root.querySelector('h2[tabindex="-1"]')?.textContent).toBe(
      'Step 4: Upload Design & Details',
    );
    const logo = field(root, 'Logo or design file *');
    expect(logo.getAttribute('aria-invalid')).toBe('true');
    expect(description(logo)).toContain('Please upload your logo.');
    expect(field(root, 'Full Name *').getAttribute('aria-invalid')).toBe('true');
    expect(description(field(root, 'Full Name *'))).toEqual(['Please enter your full name.']);
  });

  it('marks a wrong e-mail invalid, with its error read with the field', async () => {
    const root = await openStep4();
    const email = field(root, 'Email *');
    // Not while typing: only once the field is left.
    email.value = 'pro@pebblecreek';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    await settle(() => expect(email.value).toBe('pro@pebblecreek'));
    expect(email.getAttribute('aria-invalid')).toBeNull();
    type(email, 'pro@pebblecreek');
    await settle(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(description(email)).toEqual(['Please enter a valid email address.']);
    type(email, 'pro@pebblecreek.example');
    await settle(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(email.getAttribute('aria-describedby')).toBeNull();
  });

  it('announces the upload at its start and end, not every percent', async () => {
    const root = await openStep4();
    chooseFile(field(root, 'Logo or design file *'));
    type(field(root, 'Full Name *'), 'Pat Green');
    type(field(root, 'Email *'), 'pat@example.com');
    await settle(() => expect(button(/^Next Step$/).getAttribute('aria-disabled')).toBeNull());
    button(/^Next Step$/).click();
    await settle(() => expect(button(/^Pay Deposit - /)).toBeTruthy());

    // The upload: 30 %, 60 %, all bytes sent, then the server refuses it.
    class FakeUpload {
      onprogress:
        | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void)
        | null = null;
    }
    class FakeXhr {
      upload = new FakeUpload();
      status = 0;
      statusText = '';
      responseText = '';
      withCredentials = false;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        const steps: (() => void)[] = [
          () => this.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 }),
          () => this.upload.onprogress?.({ lengthComputable: true, loaded: 60, total: 100 }),
          () => this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }),
          () => {
            this.status = 500;
            this.statusText = 'Internal Server Error';
            this.responseText = JSON.stringify({ message: 'Failed' });
            this.onload?.();
          },
        ];
        for (const [i, step] of steps.entries()) setTimeout(step, 60 * (i + 1));
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const status = root.querySelector('[data-testid="upload-status"]');
    expect(status?.getAttribute('role')).toBe('status');
    const heard: string[] = [];
    const observer = new MutationObserver(() => {
      const text = status?.textContent ?? '';
      if (text && heard.at(-1) !== text) heard.push(text);
    });
    observer.observe(status as Node, { childList: true, characterData: true, subtree: true });
    button(/^Pay Deposit - /).click();
    await settle(() => expect(status?.textContent).toBe('Your order was not sent.'));
    observer.disconnect();
    expect(heard).toEqual([
      'Uploading your logo…',
      'Logo uploaded. Preparing your order…',
      'Your order was not sent.',
    ]);
  });
});
