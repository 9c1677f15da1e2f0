// @vitest-environment jsdom
/**
 * Step 4 of the custom pin wizard with a keyboard and a screen reader (an audit of
 * 2026-11-27): 'Next Step' stays in the tab order while something is missing, carries its
 * 'To continue, ...' hint and, pressed, moves the focus to the first missing field; the
 * required fields say so; a wrong e-mail is marked invalid with its error read with it;
 * the logo upload is announced at its start and end, never percent by percent. Previous
 * (step 1, the order on its way) and Pay Deposit (no price yet) stay focusable when they
 * cannot act, and ignore a press. The saved progress outlives the prepared order (it goes
 * only once the deposit is placed): Back from checkout reopens the choices at step 4,
 * which asks for the file again. An applied promo code keeps its minimum order; below it
 * the wizard says so and prepares the order without the code.
 */

import { CUSTOM_MESSAGES } from '@shared/custom-pins';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { button, installMatchMedia, jsonResponse, settle, unmount } from '@/test/dom';
import { shownToasts, waitForToast } from '@/test/toasts';
import {
  INITIAL_WIZARD,
  PROGRESS_KEY,
  progressToSave,
  restoreProgress,
  type WizardState,
} from '../wizard-state';
import { CustomWizard } from './custom-wizard';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
  localStorage.clear();
  vi.unstubAllGlobals();
  sentDrafts.length = 0;
});

/**
 * The wizard; `saved` is the progress it reopens (none: a fresh wizard at step 1). Resolves
 * once the heading of step `opensAt` (default: the saved step) is on screen.
 */
async function openWizard(
  saved?: Partial<WizardState>,
  opensAt: number = saved?.currentStep ?? 1,
  answer?: (url: string) => Response | undefined,
): Promise<HTMLDivElement> {
  installMatchMedia();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const answered = answer?.(url);
      if (answered) return answered;
      if (url.endsWith('/api/auth/user')) return jsonResponse(200, null);
      if (url.endsWith('/api/custom-orders/rush-slots'))
        return jsonResponse(200, { slotsLeft: 3, slotsPerMonth: 5 });
      if (url.endsWith('/api/calendar'))
        return jsonResponse(200, { today: '2031-01-06', timeZone: 'UTC' });
      return jsonResponse(404, { message: 'Not found' });
    }),
  );
  if (saved) {
    localStorage.setItem(PROGRESS_KEY, progressToSave({ ...INITIAL_WIZARD, ...saved }, Date.now()));
  }
  const root = document.createElement('div');
  document.body.append(root);
  container = root;
  renderRoutes(
    root,
    createMemoryRouter(
      [
        { path: '/custom', element: <CustomWizard /> },
        { path: '/checkout', element: <p>Checkout page</p> },
      ],
      { initialEntries: ['/custom'] },
    ),
  );
  await settle(() => expect(heading(root)).toMatch(new RegExp(`^Step ${opensAt}: `)));
  return root;
}

/** The wizard, reopened at step 4 (saved progress) with nothing of step 4 filled in. */
async function openStep4(): Promise<HTMLDivElement> {
  const root = await openWizard({ currentStep: 4, quantity: 100 });
  await settle(() => expect(root.querySelector('input[type="file"]')).not.toBeNull());
  return root;
}

/** The step's heading text ('Step 4: Upload Design & Details'). */
const heading = (root: Element) => root.querySelector('h2[tabindex="-1"]')?.textContent ?? '';

/** Focuses `el` and clicks it, as a keyboard user pressing Enter on it does. */
const press = (el: HTMLElement) =>
  act(() => {
    el.focus();
    el.click();
  });

/** Asserts `el` says it cannot act (aria-disabled) yet stays focusable and in the tab order. */
function expectFocusableUnavailable(el: HTMLButtonElement) {
  expect(el.disabled).toBe(false);
  expect(el.getAttribute('aria-disabled')).toBe('true');
  expect(el.tabIndex).toBe(0);
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

/** Step 4 filled in (a file, Pat Green, pat@example.com) until 'Next Step' can act. */
async function fillDetails(root: Element): Promise<void> {
  chooseFile(field(root, 'Logo or design file *'));
  type(field(root, 'Full Name *'), 'Pat Green');
  type(field(root, 'Email *'), 'pat@example.com');
  await settle(() => expect(button(/^Next Step$/).getAttribute('aria-disabled')).toBeNull());
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
    expect(heading(root)).toBe('Step 4: Upload Design & Details');
    const logo = field(root, 'Logo or design file *');
    expect(logo.getAttribute('aria-invalid')).toBe('true');
    expect(description(logo)).toContain('Please upload your logo.');
    expect(field(root, 'Full Name *').getAttribute('aria-invalid')).toBe('true');
    expect(description(field(root, 'Full Name *'))).toEqual(['Name is required']);
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
    expect(description(email)).toEqual(['Valid email is required']);
    type(email, 'pro@pebblecreek.example');
    await settle(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(email.getAttribute('aria-describedby')).toBeNull();
  });

  it('announces the upload at its start and end, not every percent', async () => {
    const root = await openStep4();
    await fillDetails(root);
    button(/^Next Step$/).click();
    await settle(() => expect(button(/^Pay Deposit - /)).toBeTruthy());

    // The upload: 30 %, 60 %, all bytes sent, then the server refuses it.
    class FakeXhr extends HangingXhr {
      override send() {
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

/** An upload that never answers: the order stays on its way for the rest of the test. */
class HangingXhr {
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {}
}

/** Drafts the wizard sent with PreparedXhr (emptied after each test). */
const sentDrafts: unknown[] = [];

/** An upload the server answers 201 with a prepared order; keeps each sent draft. */
class PreparedXhr extends HangingXhr {
  override send(body?: FormData) {
    sentDrafts.push(JSON.parse(String(body?.get('orderData'))));
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify({ preparedOrderId: 'prep_1' });
      this.onload?.();
    }, 10);
  }
}

describe("the wizard's Previous and Pay Deposit keep a keyboard user's focus", () => {
  it('Previous on step 1 is unavailable, not disabled: focus stays on it and a press does nothing', async () => {
    const root = await openWizard();
    const previous = button(/^Previous$/);
    expectFocusableUnavailable(previous);
    await press(previous);
    await settle(() => expect(document.activeElement).toBe(previous));
    expect(heading(root)).toBe('Step 1: Choose Quantity');

    // From step 2 it goes back as before.
    await press(button(/^Next Step$/));
    await settle(() => expect(heading(root)).toBe('Step 2: Pin Specifications'));
    expect(button(/^Previous$/).getAttribute('aria-disabled')).toBeNull();
    await press(button(/^Previous$/));
    await settle(() => expect(heading(root)).toBe('Step 1: Choose Quantity'));
    expectFocusableUnavailable(button(/^Previous$/));
  });

  it('Pay Deposit without a price yet is unavailable: focus stays on it and a press does nothing', async () => {
    // Saved progress with a quantity below the minimum: step 5 has no quote.
    const root = await openWizard({ currentStep: 4, quantity: 10 });
    await settle(() => expect(root.querySelector('input[type="file"]')).not.toBeNull());
    await fillDetails(root);
    await press(button(/^Next Step$/));
    await settle(() => expect(button(/^Pay Deposit$/)).toBeTruthy());
    // The new step's heading has taken the focus (goTo, on the next frame).
    await settle(() =>
      expect(document.activeElement).toBe(root.querySelector('h2[tabindex="-1"]')),
    );
    const pay = button(/^Pay Deposit$/);
    expectFocusableUnavailable(pay);
    await press(pay);
    // Not pressed: no 'Missing Information' toast (payDeposit's first check), no upload.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(shownToasts().map((t) => t.title)).not.toContain(CUSTOM_MESSAGES.missingTitle);
    expect(document.activeElement).toBe(pay);
    expect(heading(root)).toBe('Step 5: Review & Order');
  });

  it('while the order is sent, Previous is pending: focus stays on it and a press does nothing', async () => {
    const root = await openStep4();
    await fillDetails(root);
    await press(button(/^Next Step$/));
    await settle(() => expect(button(/^Pay Deposit - /)).toBeTruthy());
    // The new step's heading has taken the focus (goTo, on the next frame).
    await settle(() =>
      expect(document.activeElement).toBe(root.querySelector('h2[tabindex="-1"]')),
    );
    vi.stubGlobal('XMLHttpRequest', HangingXhr);
    await press(button(/^Pay Deposit - /));
    await settle(() => expect(button(/^Processing\.\.\.$/)).toBeTruthy());
    expect(document.activeElement).toBe(button(/^Processing\.\.\.$/));

    const previous = button(/^Previous$/);
    expectFocusableUnavailable(previous);
    await press(previous);
    await settle(() => expect(document.activeElement).toBe(previous));
    expect(heading(root)).toBe('Step 5: Review & Order');
    expect(button(/^Processing\.\.\.$/)).toBeTruthy();
  });
});

/** An order as the review step saved it when 'Pay Deposit' prepared it (Repro A's choices). */
const PREPARED_PROGRESS: Partial<WizardState> = {
  currentStep: 5,
  quantity: 300,
  plating: 'gold',
  packaging: ['backing-cards'],
  customerName: 'Pat Green',
  customerEmail: 'pat@example.com',
};

/** The note step 4 shows when the file chosen before is gone. */
const FILE_AGAIN = /Please choose your logo or design file again/;

describe('the wizard keeps the order until the deposit is paid', () => {
  it('preparing the order keeps the saved progress (Back from checkout restores it)', async () => {
    const root = await openStep4();
    await fillDetails(root);
    await press(button(/^Next Step$/));
    await settle(() => expect(button(/^Pay Deposit - /)).toBeTruthy());
    vi.stubGlobal('XMLHttpRequest', PreparedXhr);
    await press(button(/^Pay Deposit - /));
    await settle(() => expect(root.textContent).toContain('Checkout page'));
    // Still saved, at the review step with the details: only the deposit clears it.
    const saved = restoreProgress(localStorage.getItem(PROGRESS_KEY), Date.now());
    expect(saved).toMatchObject({
      currentStep: 5,
      quantity: 100,
      customerName: 'Pat Green',
      customerEmail: 'pat@example.com',
    });
  });

  it('restored from the review step, it opens step 4 with the choices and asks for the file again', async () => {
    const root = await openWizard(PREPARED_PROGRESS, 4);
    await waitForToast({
      title: 'Progress Restored',
      description: 'We restored your saved design progress.',
    });
    await settle(() => expect(root.querySelector('input[type="file"]')).not.toBeNull());
    expect(field(root, 'Full Name *').value).toBe('Pat Green');
    expect(field(root, 'Email *').value).toBe('pat@example.com');
    expect(root.textContent).toMatch(FILE_AGAIN);
    // The file is the only thing missing; chosen, the note goes and the review follows.
    expect(description(button(/^Next Step$/))).toEqual([
      'To continue, upload your logo or design file.',
    ]);
    chooseFile(field(root, 'Logo or design file *'));
    await settle(() => expect(root.textContent).not.toMatch(FILE_AGAIN));
    await press(button(/^Next Step$/));
    await settle(() => expect(heading(root)).toBe('Step 5: Review & Order'));
    expect(root.textContent).toContain('300');
  });

  it('restored at step 4 (no file chosen there yet), it asks nothing again', async () => {
    const root = await openStep4();
    expect(root.textContent).not.toMatch(FILE_AGAIN);
  });
});

describe("a promo code's minimum order in the wizard", () => {
  const MIN400 = {
    code: 'MIN400',
    discountType: 'percentage' as const,
    discountValue: 10,
    minimumOrderAmount: 400,
  };

  it('an applied code keeps its minimum (saved with the progress); below it, no discount is shown', async () => {
    const root = await openWizard({ currentStep: 1, quantity: 100 }, 1, (url) =>
      url.endsWith('/api/discount-codes/validate')
        ? jsonResponse(200, { valid: true, discountAmount: 50, error: null, discountCode: MIN400 })
        : undefined,
    );
    const code = field(root, 'Promo code');
    await act(() => {
      code.value = 'MIN400';
      code.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await press(button(/^Apply$/));
    await settle(() =>
      expect(
        restoreProgress(localStorage.getItem(PROGRESS_KEY), Date.now())?.appliedDiscount,
      ).toEqual(MIN400),
    );
    expect(root.textContent).not.toContain('Minimum order of $400.00 required for this code');
    // 50 pins come to less than $400: the wizard says so instead of a discount.
    await unmount(root);
    const lower = await openWizard({ currentStep: 1, quantity: 50, appliedDiscount: MIN400 });
    await settle(() =>
      expect(lower.textContent).toContain('Minimum order of $400.00 required for this code'),
    );
  });

  it('below the minimum the order is prepared without the code (the deposit shown is paid)', async () => {
    const root = await openWizard({ currentStep: 4, quantity: 50, appliedDiscount: MIN400 });
    await settle(() => expect(root.querySelector('input[type="file"]')).not.toBeNull());
    await fillDetails(root);
    await press(button(/^Next Step$/));
    await settle(() => expect(button(/^Pay Deposit - /)).toBeTruthy());
    vi.stubGlobal('XMLHttpRequest', PreparedXhr);
    await press(button(/^Pay Deposit - /));
    await settle(() => expect(sentDrafts).toHaveLength(1));
    expect(sentDrafts[0]).toMatchObject({ quantity: 50, promoCode: null, discountAmount: 0 });
  });
});
