// @vitest-environment jsdom
/**
 * Step 4 (Upload Design & Details) checks its fields with the server's own schema fields
 * (shared/schemas/custom-order-contact.ts), so the wizard never takes details that POST
 * /api/custom-orders/prepare then refuses with a toast naming no field (an audit of
 * 2026-11-27): each refused field is marked invalid on step 4, its message read with it,
 * and the phone field keeps to the server's 50 characters.
 */

import { render } from 'preact';
import { act } from 'react-dom/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount } from '@/test/dom';
import { INITIAL_WIZARD, type WizardState } from '../wizard-state';
import { DetailsStep } from './wizard-steps';

let container: HTMLDivElement | undefined;
afterEach(async () => {
  await unmount(container);
  container = undefined;
});

function showStep4(patch: Partial<WizardState>, showErrors = false): HTMLDivElement {
  container = document.createElement('div');
  document.body.append(container);
  const root = container;
  act(() =>
    render(
      <DetailsStep
        state={{ ...INITIAL_WIZARD, currentStep: 4, ...patch }}
        update={() => {}}
        logo={null}
        logoUrl={null}
        onFile={() => {}}
        showErrors={showErrors}
      />,
      root,
    ),
  );
  return root;
}

/** The input labelled `label`. */
function field(root: Element, label: string): HTMLInputElement | HTMLTextAreaElement {
  const id = [...root.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
  const el = id ? document.getElementById(id) : null;
  if (!el) throw new Error(`No field labelled ${label}`);
  return el as HTMLInputElement;
}

/** The texts `el`'s aria-describedby points at. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('step 4 checks what the server checks', () => {
  it('marks the e-mails the server refuses, with its message', () => {
    for (const customerEmail of ['pat@club.c', 'josé@club.com', 'pat@club_golf.com']) {
      const root = showStep4({ customerName: 'Pat', customerEmail }, true);
      const email = field(root, 'Email *');
      expect(email.getAttribute('aria-invalid'), customerEmail).toBe('true');
      expect(description(email), customerEmail).toEqual(['Valid email is required']);
      act(() => render(null, root));
      root.remove();
    }
    const root = showStep4({ customerName: 'Pat', customerEmail: 'pat@club.com' }, true);
    expect(field(root, 'Email *').getAttribute('aria-invalid')).toBeNull();
    expect(field(root, 'Email *').getAttribute('aria-describedby')).toBeNull();
  });

  it("keeps the phone to the server's 50 characters and marks a longer one", () => {
    const long = '5'.repeat(51);
    const root = showStep4({
      customerName: 'Pat',
      customerEmail: 'pat@club.com',
      customerPhone: long,
    });
    const phone = field(root, 'Phone');
    expect((phone as HTMLInputElement).maxLength).toBe(50);
    // A longer one (saved progress from before the limit) is marked at once.
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(description(phone)).toEqual(['Must be at most 50 characters']);
    expect((field(root, 'Full Name *') as HTMLInputElement).maxLength).toBe(200);
  });

  it("says the server's message for a missing name once 'Next Step' was pressed", () => {
    const root = showStep4({ customerName: ' ', customerEmail: 'pat@club.com' }, true);
    const name = field(root, 'Full Name *');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description(name)).toEqual(['Name is required']);
    expect(field(root, 'Phone').getAttribute('aria-invalid')).toBeNull();
  });
});
