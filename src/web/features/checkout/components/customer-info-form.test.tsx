// @vitest-environment jsdom
/**
 * The checkout's customer info form (docs/decisions.md "Where the shop ships, and names in
 * one form"): it says where the shop ships and links the quote page for anywhere else; a
 * Country choice (United States by default, or Canada) renames State and ZIP Code to
 * Province and Postal Code; the ZIP / postal code is checked against the country with the
 * message on its field; the field lets a phone type letters and a hyphen; the submit
 * button waits (`pending`, still focusable) while a payment runs.
 */
import { act } from 'react-dom/test-utils';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/app';
import { unmount } from '@/test/dom';
import { CustomerInfoForm, type CustomerInfoInput } from './customer-info-form';

let container: HTMLDivElement;
beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await unmount(container);
  sessionStorage.clear();
});

function mount(
  props: {
    processing?: boolean;
    initialValues?: CustomerInfoInput | null;
    elsewhere?: React.ReactNode;
  } = {},
): ReturnType<typeof vi.fn> {
  const onSubmit = vi.fn();
  container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: (
          <CustomerInfoForm
            initialValues={props.initialValues ?? null}
            prefillEmail={null}
            processing={props.processing}
            elsewhere={props.elsewhere}
            onSubmit={onSubmit}
          />
        ),
      },
    ],
    { initialEntries: ['/checkout'] },
  );
  renderRoutes(container, router);
  return onSubmit;
}

/** The labels' texts (without the required mark). */
const labels = () =>
  [...container.querySelectorAll('label')].map((l) => l.textContent?.replace(/\*$/, ''));

/** The control its label (without the required mark) names. */
function control<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(
  label: string,
): T {
  const found = [...container.querySelectorAll('label')].find(
    (l) => l.textContent?.replace(/\*$/, '') === label,
  );
  if (!found) throw new Error(`no label ${label}: ${labels().join(', ')}`);
  return container.querySelector<T>(`[id="${found.getAttribute('for')}"]`)!;
}

function type(label: string, value: string): void {
  const field = control(label);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(label: string, value: string): void {
  const select = control<HTMLSelectElement>(label);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

function errorOf(label: string): string {
  const described = control(label).getAttribute('aria-describedby');
  return described ? (container.querySelector(`[id="${described}"]`)?.textContent ?? '') : '';
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const submit = async () => {
  await act(() => container.querySelector('form')!.requestSubmit());
  await settle();
};

function fillUsBuyer(): void {
  type('Full Name', 'Ada Lovelace');
  type('Email', 'ada@example.com');
  type('Address', '12 Main St');
  type('City', 'Springfield');
  type('State', 'IL');
}

describe('CustomerInfoForm: where the shop ships', () => {
  it('says the shop ships to the USA and Canada, links a quote for elsewhere, and offers those two countries', () => {
    mount();
    expect(container.textContent).toContain('We ship to addresses in the USA and Canada.');
    const quote = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Request a quote',
    );
    expect(quote?.getAttribute('href')).toBe('/quote');
    const country = control<HTMLSelectElement>('Country');
    expect(country.value).toBe('US');
    expect([...country.options].map((o) => [o.value, o.textContent])).toEqual([
      ['US', 'United States'],
      ['CA', 'Canada'],
    ]);
    // The notice is the country choice's description.
    const notice = container.querySelector(`[id="${country.getAttribute('aria-describedby')}"]`);
    expect(notice?.textContent).toContain('We ship to addresses in the USA and Canada.');
    expect(labels()).toEqual([
      'Full Name',
      'Email',
      'Country',
      'Address',
      'City',
      'State',
      'ZIP Code',
    ]);
  });

  it('says what the page gives for elsewhere instead of the quote link (the custom order checkout)', () => {
    mount({ elsewhere: <>Write to shop@example.com before you pay.</> });
    const country = control<HTMLSelectElement>('Country');
    const notice = container.querySelector(`[id="${country.getAttribute('aria-describedby')}"]`);
    expect(notice?.textContent).toBe(
      'We ship to addresses in the USA and Canada. Write to shop@example.com before you pay.',
    );
    expect(container.textContent).not.toContain('Request a quote');
  });

  it('lets a phone type letters and a hyphen in the ZIP field', () => {
    mount();
    const zip = control('ZIP Code');
    expect(zip.getAttribute('inputmode')).toBeNull();
    expect(zip.getAttribute('autocomplete')).toBe('postal-code');
  });

  it('refuses an Irish postal code in the USA on the ZIP field, then takes a Canadian one once Canada is chosen', async () => {
    const onSubmit = mount();
    fillUsBuyer();
    type('ZIP Code', 'D02 X285');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(control('ZIP Code').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('ZIP Code')).toBe('Enter a US ZIP code: 12345 or 12345-6789');

    choose('Country', 'CA');
    await settle();
    expect(labels().slice(-2)).toEqual(['Province', 'Postal Code']);
    expect(errorOf('Postal Code')).toBe('Enter a Canadian postal code, like A1A 1A1');
    type('Province', 'QC');
    type('Postal Code', 'j3b1a1');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: '12 Main St',
      city: 'Springfield',
      state: 'QC',
      zipCode: 'j3b1a1',
      country: 'CA',
    });
  });

  it('takes a ZIP+4 in the USA', async () => {
    const onSubmit = mount();
    fillUsBuyer();
    type('ZIP Code', '62701-1234');
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ zipCode: '62701-1234', country: 'US' });
  });

  it('comes back with the country chosen before (Edit Information), and an older value without one is the USA', () => {
    mount({
      initialValues: {
        name: 'A',
        email: 'a@b.co',
        address: '1 Rue',
        city: 'Granby',
        state: 'QC',
        zipCode: 'J3B 1A1',
        country: 'CA',
      },
    });
    expect(control<HTMLSelectElement>('Country').value).toBe('CA');
  });

  it('keeps its button focusable while a payment runs (pending, not disabled)', () => {
    mount({ processing: true });
    const button = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });
});
