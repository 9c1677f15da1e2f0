/**
 * Where the shop ships (docs/decisions.md "Where the shop ships, and names in one form"):
 * the checkout form's ZIP / postal code is checked against the country chosen, and
 * create-order takes only a combined address ending with a US ZIP, or a Canadian postal
 * code followed by "Canada".
 */
import { describe, expect, it } from 'vitest';
import {
  CreateOrderBody,
  CustomerInfo,
  formatPostalCode,
  SHIPPING_ADDRESS_MESSAGE,
  shippingCountryOf,
} from './checkout';

const filled = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};

/** The form's per-field messages for `values` ({} when they pass). */
function fieldErrors(values: Record<string, unknown>): Record<string, string> {
  const parsed = CustomerInfo.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('CustomerInfo: the postal code of the country chosen', () => {
  it('takes a US ZIP or ZIP+4, the United States being the default country', () => {
    for (const zipCode of ['62701', '62701-1234', ' 62701 ']) {
      const parsed = CustomerInfo.parse({ ...filled, zipCode });
      expect(parsed.country).toBe('US');
      expect(parsed.zipCode).toBe(zipCode.trim());
    }
  });

  it('refuses what is not a US ZIP in the USA, naming the form', () => {
    for (const zipCode of ['D02 X285', '6270', '627011', '62701-12', 'J3B 1A1']) {
      expect(fieldErrors({ ...filled, zipCode }), zipCode).toEqual({
        zipCode: 'Enter a US ZIP code: 12345 or 12345-6789',
      });
    }
  });

  it('takes a Canadian postal code in Canada, any case, the space optional', () => {
    for (const zipCode of ['J3B 1A1', 'j3b1a1', 'K1A 0B1', 'v6b 4y8']) {
      expect(fieldErrors({ ...filled, country: 'CA', state: 'QC', zipCode }), zipCode).toEqual({});
    }
  });

  it("refuses a US ZIP or a letter Canada Post never uses in Canada, in Canada's words", () => {
    for (const zipCode of ['62701', 'D02 X285', 'Q3B 1A1', 'J3B 1A', 'J3B  1A1']) {
      expect(fieldErrors({ ...filled, country: 'CA', zipCode }), zipCode).toEqual({
        zipCode: 'Enter a Canadian postal code, like A1A 1A1',
      });
    }
    expect(fieldErrors({ ...filled, country: 'CA', state: '', zipCode: '' })).toEqual({
      state: 'Province is required',
      zipCode: 'Postal code is required',
    });
  });

  it('refuses a country the shop does not ship to', () => {
    expect(Object.keys(fieldErrors({ ...filled, country: 'IE' }))).toEqual(['country']);
  });

  it('shows the ZIP message beside the other missing fields, not only once they are filled', () => {
    expect(fieldErrors({ ...filled, name: '', city: '', zipCode: 'D02 X285' })).toEqual({
      name: 'Name is required',
      city: 'City is required',
      zipCode: 'Enter a US ZIP code: 12345 or 12345-6789',
    });
    expect(fieldErrors({ ...filled, state: '', zipCode: '' })).toEqual({
      state: 'State is required',
      zipCode: 'ZIP is required',
    });
  });

  it('writes a Canadian postal code upper case with its space', () => {
    expect(formatPostalCode('CA', ' j3b1a1 ')).toBe('J3B 1A1');
    expect(formatPostalCode('US', ' 62701-1234 ')).toBe('62701-1234');
  });
});

describe('shippingCountryOf: the combined address create-order takes', () => {
  it('reads the USA from a ZIP at the end, with or without the country named', () => {
    expect(shippingCountryOf('12 Main St, Springfield, IL 62701')).toBe('US');
    expect(shippingCountryOf('12 Main St, Springfield, IL 62701-1234, United States')).toBe('US');
    expect(shippingCountryOf('1 Fairway Dr, Austin, TX 78701, USA')).toBe('US');
  });

  it('reads Canada from a postal code followed by Canada', () => {
    expect(shippingCountryOf('12 Rue Principale, Granby, QC J3B 1A1, Canada')).toBe('CA');
    expect(shippingCountryOf('12 Rue Principale, Granby, QC j3b1a1, canada')).toBe('CA');
  });

  it('takes a US or Canadian address however the country and separators are written', () => {
    for (const [address, country] of [
      ['12 Main St, Springfield, IL 62701 USA', 'US'],
      ['12 Main St, Springfield, IL 62701, U.S.A.', 'US'],
      ['12 Main St\nSpringfield, IL 62701\nUSA', 'US'],
      ['12 Main St, Springfield, IL 627011234', 'US'],
      ['12 Main St, Springfield, IL 62701.', 'US'],
      ['12 Main St, Springfield, IL 62701 , us ', 'US'],
      ['12 Main St, Springfield, IL 62701, United States of America', 'US'],
      ['12 Rue Principale, Granby, QC J3B 1A1', 'CA'],
      ['12 Rue Principale\nGranby QC J3B1A1\nCANADA.', 'CA'],
    ] as const) {
      expect(shippingCountryOf(address), address).toBe(country);
    }
  });

  it('refuses another country, a postal code of the wrong country, or none', () => {
    for (const address of [
      'Dublin, Co. Dublin D02 X285',
      '1 Main St, Dublin, D02 X285, Ireland',
      '12 Main St, Springfield, IL 62701, Canada',
      '1 Tee Box Rd, San Diego, CA',
      '12 Rue Principale, Granby, QC J3B 1A1, USA',
      '1 Bunker Ln, Columbus, OH',
      '1 Bunker Ln, Springfield, 6270',
      '10 Downing St, London SW1A 2AA, United Kingdom',
    ]) {
      expect(shippingCountryOf(address), address).toBeNull();
    }
  });

  it('create-order answers the field message for such an address, and still takes none', () => {
    const body = { paypalOrderId: 'PAY-1', customerEmail: 'a@b.co', customerName: 'Ada' };
    const refused = CreateOrderBody.safeParse({
      ...body,
      shippingAddress: 'Dublin, Co. Dublin D02 X285',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['shippingAddress'], SHIPPING_ADDRESS_MESSAGE],
    ]);
    expect(CreateOrderBody.safeParse({ ...body, shippingAddress: null }).success).toBe(true);
  });
});
