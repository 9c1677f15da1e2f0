// @vitest-environment jsdom
/**
 * The quote form's focus (a screen-reader audit, 2026-11-27): 'Submit Quote Request' keeps
 * the focus while the request is sent ('Submitting Request...', pending, not disabled);
 * a refusal naming a field marks it and focuses it; a success goes to /quote-success.
 */
import { QUOTE_MESSAGES } from '@shared/schemas/quotes';
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { settle, unmount } from '@/test/dom';
import { fieldsOf } from '@/test/fields';
import { waitForToast } from '@/test/toasts';
import { QuoteForm } from './quote-form';

let container: HTMLDivElement;
afterEach(async () => {
  await unmount(container);
  vi.unstubAllGlobals();
});

/** The upload's XMLHttpRequest, answered by the test (`respond`). */
class FakeXhr {
  static sent: FakeXhr[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.sent.push(this);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function mount() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      { path: '/quote', element: <QuoteForm /> },
      { path: '/quote-success', element: <h1>Thank You for Your Quote Request!</h1> },
    ],
    { initialEntries: ['/quote'] },
  );
  renderRoutes(container, router);
  return router;
}

const { input, type, errorOf } = fieldsOf(() => container);
const submitButton = () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const clickSubmit = () =>
  act(() => {
    submitButton().focus();
    submitButton().click();
  });

function fill() {
  type('Full Name *', 'Pat Palmer');
  type('Email Address *', 'pat@example.com');
  type('Project Description *', 'A club pin with our crest for the spring tournament.');
}

describe('QuoteForm focus', () => {
  it('keeps the focus on the button while sending; a refused field then takes it', async () => {
    mount();
    fill();
    await clickSubmit();
    await settle(() => expect(submitButton().textContent).toBe('Submitting Request...'));
    expect(submitButton().disabled).toBe(false);
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(submitButton());
    await clickSubmit();
    expect(FakeXhr.sent).toHaveLength(1);

    const message = 'Please enter a valid email address';
    await act(() => FakeXhr.sent[0]!.respond(400, { message, errors: { customerEmail: message } }));
    await waitForToast({
      title: QUOTE_MESSAGES.submitFailedTitle,
      description: QUOTE_MESSAGES.submitFailed,
    });
    expect(errorOf('Email Address *')).toBe(message);
    expect(input('Email Address *').getAttribute('aria-invalid')).toBe('true');
    await settle(() => expect(document.activeElement).toBe(input('Email Address *')));
  });

  it('a success goes to /quote-success', async () => {
    const router = mount();
    fill();
    await clickSubmit();
    await settle(() => expect(FakeXhr.sent).toHaveLength(1));
    await act(() => FakeXhr.sent[0]!.respond(201, { id: 1 }));
    await settle(() => expect(router.state.location.pathname).toBe('/quote-success'));
  });
});
