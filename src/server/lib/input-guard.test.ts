/**
 * NUL and other control characters in user input answer 400 at the edge, on every
 * route (PostgreSQL cannot store NUL in text/jsonb); the helpers that make values
 * storable never throw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { cleanText, findInvalidText, INVALID_CHARACTERS, toStorableJson } from './input-guard';

describe('input guard (routes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const invalid = (field: string) => ({
    message: INVALID_CHARACTERS,
    errors: { [field]: 'Contains characters that are not allowed' },
  });

  it('answers 400 naming the field for NUL in body, query and path params', async () => {
    const c = new TestClient(t.app);
    const cases: [Promise<{ statusCode: number; json(): unknown }>, string][] = [
      [c.post('/api/auth/login', { username: 'sec\u0000ure', password: 'secret12' }), 'username'],
      [
        c.post('/api/auth/register', {
          username: 'new\u0000user',
          email: 'nul@example.com',
          password: 'secret12',
        }),
        'username',
      ],
      [c.get('/api/cart/totals?discountCode=%00AB'), 'discountCode'],
      [c.post('/api/discount-codes/validate', { code: 'A\u0000B', orderAmount: 1 }), 'code'],
      [c.post('/paypal/order', { discountCode: 'A\u0000B' }), 'discountCode'],
      [c.post('/paypal/order/a%00b/capture'), 'id'],
      [c.post('/api/paypal/order/a%00b/capture'), 'id'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalid(field));
    }
  });

  it('rejects other C0 controls, unpaired surrogates and bad keys, but lets tab/LF/CR through', async () => {
    const c = new TestClient(t.app);
    const bell = await c.post('/api/auth/login', { username: 'ab\u0007cd', password: 'secret12' });
    expect(bell.json()).toEqual(invalid('username'));
    const surrogate = await c.post('/api/auth/login', {
      username: 'ab\ud800cd',
      password: 'secret12',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual(invalid('username'));
    const key = await c.post('/api/auth/login', {
      username: 'abcd',
      password: 'secret12',
      'x\u0000': 1,
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe(INVALID_CHARACTERS);
    // Whitespace controls are ordinary input: a plain 401 for unknown credentials.
    const ws = await c.post('/api/auth/login', { username: 'ab\tc\r\nd', password: 'secret12' });
    expect(ws.statusCode).toBe(401);
  });

  it('checks authorisation before the characters: anonymous admin calls still answer 401', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/1/status',
      payload: { status: 'shipped\u0000' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('input guard (helpers)', () => {
  it('finds the dotted path of the first bad string or key, deep nesting included', () => {
    expect(findInvalidText({ a: 'ok', b: ['fine', 'x\u0000'] })).toBe('b.1');
    expect(findInvalidText({ a: { 'k\u0001': 1 } })).toBe('a.k\uFFFD');
    expect(findInvalidText('plain\ttext\n')).toBeNull();
    expect(findInvalidText('\u{1F3CC}\uFE0F golfer')).toBeNull();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findInvalidText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('makes any value storable as jsonb without throwing', () => {
    expect(cleanText('a\u0000b\ud800c\n')).toBe('a\uFFFDb\uFFFDc\n');
    expect(toStorableJson({ 'k\u0000': ['v\u0000', 1, null], d: new Date(0) })).toEqual({
      'k\uFFFD': ['v\uFFFD', 1, null],
      d: '1970-01-01T00:00:00.000Z',
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toStorableJson(cyclic)).toEqual({ unserializable: '[object Object]' });
    expect(toStorableJson({ n: 1n })).toEqual({ unserializable: '[object Object]' });
    expect(toStorableJson(undefined)).toBeNull();
  });
});
