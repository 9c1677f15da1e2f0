import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_NOT_VALID } from '../../shared/pricing';
import type { AdminDiscountCode } from '../../shared/schemas/cart';
import { insertProduct, signedInClient } from '../catalog/testing';
import { discountCodes, orders } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { checkCode, findDiscountCode } from './service';

describe('discount codes', () => {
  let t: TestApp;
  let anon: TestClient;
  let admin: TestClient;
  let customer: TestClient;
  const day = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    t = await createTestApp();
    anon = new TestClient(t.app);
    admin = (await signedInClient(t, 'admin')).client;
    customer = (await signedInClient(t, 'user')).client;
    await t.db.insert(discountCodes).values([
      { code: 'WELCOME10', discountType: 'percentage', discountValue: 10 },
      { code: 'SAVE5', discountType: 'fixed', discountValue: 500 },
      { code: 'BIRDIE20', discountType: 'percentage', discountValue: 20, minimumOrderCents: 10000 },
      {
        code: 'EAGLE15',
        discountType: 'percentage',
        discountValue: 15,
        maxUses: 5,
        currentUses: 5,
      },
      {
        code: 'SPRING2024',
        discountType: 'percentage',
        discountValue: 25,
        validUntil: new Date(Date.now() - day),
      },
      {
        code: 'FUTURE',
        discountType: 'percentage',
        discountValue: 25,
        validFrom: new Date(Date.now() + day),
      },
      { code: 'OLDCODE', discountType: 'percentage', discountValue: 30, isActive: false },
    ]);
  });
  afterAll(() => t.close());

  const validate = (client: TestClient, code: string, orderAmount: number, extra: object = {}) =>
    client.post('/api/discount-codes/validate', { code, orderAmount, ...extra });

  describe('POST /api/discount-codes/validate', () => {
    it('answers a valid percentage code with the discount on the amount (code case-insensitive)', async () => {
      const res = await validate(anon, ' welcome10 ', 59.99);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        valid: true,
        discountAmount: 6,
        error: null,
        discountCode: {
          code: 'WELCOME10',
          discountType: 'percentage',
          discountValue: 10,
          minimumOrderAmount: 0,
        },
      });
    });

    it('answers a fixed code, capped at the amount', async () => {
      expect((await validate(anon, 'SAVE5', 20)).json()).toMatchObject({
        valid: true,
        discountAmount: 5,
        discountCode: { code: 'SAVE5', discountType: 'fixed', discountValue: 5 },
      });
      expect((await validate(anon, 'SAVE5', 3.5)).json()).toMatchObject({
        valid: true,
        discountAmount: 3.5,
      });
    });

    it('answers 200 valid:false with ONE message for unknown, inactive, expired, not-yet-valid and used-up codes (issue 11), and the minimum-order text', async () => {
      const cases: [string, number, string][] = [
        ['NOSUCHCODE', 50, DISCOUNT_NOT_VALID],
        ['OLDCODE', 50, DISCOUNT_NOT_VALID],
        ['SPRING2024', 50, DISCOUNT_NOT_VALID],
        ['FUTURE', 50, DISCOUNT_NOT_VALID],
        ['EAGLE15', 50, DISCOUNT_NOT_VALID],
        ['BIRDIE20', 99.99, 'Minimum order of $100.00 required for this code'],
      ];
      for (const [code, amount, error] of cases) {
        const res = await validate(anon, code, amount);
        expect(res.statusCode, code).toBe(200);
        expect(res.json(), code).toEqual({
          valid: false,
          discountAmount: 0,
          error,
          discountCode: null,
        });
      }
      // A valid answer carries the code's minimum (dollars): the wizard drops the discount
      // itself when a smaller quantity falls below it, as the server's prepare would.
      expect((await validate(anon, 'BIRDIE20', 100, { purpose: 'custom' })).json()).toEqual({
        valid: true,
        discountAmount: 20,
        error: null,
        discountCode: {
          code: 'BIRDIE20',
          discountType: 'percentage',
          discountValue: 20,
          minimumOrderAmount: 100,
        },
      });
    });

    it('rejects an empty code and a bad amount with 400', async () => {
      const empty = await validate(anon, '   ', 10);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Please enter a discount code');
      expect((await validate(anon, 'WELCOME10', -1)).statusCode).toBe(400);
      expect(
        (await anon.post('/api/discount-codes/validate', { code: 'WELCOME10' })).statusCode,
      ).toBe(400);
    });

    it("uses the server's cart subtotal, not the client's amount, when the session's cart has items", async () => {
      const p = await insertProduct(t, { priceCents: 2500 });
      const c = new TestClient(t.app);
      // Empty cart: the client's amount is used.
      expect((await validate(c, 'BIRDIE20', 150)).json()).toMatchObject({
        valid: true,
        discountAmount: 30,
      });
      await c.post('/api/cart', { productId: p.id, quantity: 2 });
      const lied = await validate(c, 'BIRDIE20', 1000);
      expect(lied.json()).toMatchObject({
        valid: false,
        error: 'Minimum order of $100.00 required for this code',
      });
      expect((await validate(c, 'WELCOME10', 1000)).json()).toMatchObject({
        valid: true,
        discountAmount: 5,
      });
      // The wizard checks a custom-order total: its amount counts.
      expect((await validate(c, 'WELCOME10', 1000, { purpose: 'custom' })).json()).toMatchObject({
        discountAmount: 100,
      });
    });

    it('bounds the amount: huge, non-finite-looking or sub-cent amounts answer 400, never 500', async () => {
      const call = (orderAmount: unknown, code = 'WELCOME10') =>
        t.app.inject({
          method: 'POST',
          url: '/api/discount-codes/validate',
          payload: { code, orderAmount, purpose: 'custom' },
          remoteAddress: '203.0.113.44',
        });
      for (const amount of [1e15, 1e21, 1_000_000.01, 12.345, 0.001]) {
        for (const code of ['WELCOME10', 'X']) {
          const res = await call(amount, code);
          expect(res.statusCode, `${code} ${amount}`).toBe(400);
          expect(res.json().errors.orderAmount, `${code} ${amount}`).toBeTypeOf('string');
        }
      }
      expect((await call(1_000_000)).json()).toMatchObject({ valid: true, discountAmount: 100000 });
    });

    it('is rate-limited per client address (429 after 30 a minute)', async () => {
      const call = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/discount-codes/validate',
          payload: { code: 'X', orderAmount: 1 },
          remoteAddress: '203.0.113.9',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await call()).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect((await call()).json().message).toMatch(/Too many requests/);
    });
  });

  describe('admin', () => {
    it('lists every code with usedCount for admins; 401 signed out, 403 for customers', async () => {
      expect((await anon.get('/api/discount-codes')).statusCode).toBe(401);
      expect((await customer.get('/api/discount-codes')).statusCode).toBe(403);
      const res = await admin.get('/api/discount-codes');
      expect(res.statusCode).toBe(200);
      const list = res.json() as AdminDiscountCode[];
      expect(list.find((c) => c.code === 'EAGLE15')).toMatchObject({
        usedCount: 5,
        maxUses: 5,
        discountValue: 15,
        isActive: true,
      });
      expect(list.find((c) => c.code === 'SAVE5')).toMatchObject({
        discountType: 'fixed',
        discountValue: 5,
        minimumOrderAmount: 0,
      });
      expect(list.find((c) => c.code === 'BIRDIE20')).toMatchObject({ minimumOrderAmount: 100 });
      expect(list.find((c) => c.code === 'OLDCODE')).toMatchObject({ isActive: false });
    });

    it('activates and deactivates a code (PATCH), which validation then honours', async () => {
      const row = (await findDiscountCode(t.db, 'oldcode'))!;
      expect(
        (await anon.patch(`/api/discount-codes/${row.id}`, { isActive: true })).statusCode,
      ).toBe(401);
      expect(
        (await customer.patch(`/api/discount-codes/${row.id}`, { isActive: true })).statusCode,
      ).toBe(403);
      const on = await admin.patch(`/api/discount-codes/${row.id}`, { isActive: true });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ code: 'OLDCODE', isActive: true });
      expect((await validate(anon, 'OLDCODE', 10)).json()).toMatchObject({
        valid: true,
        discountAmount: 3,
      });
      await admin.patch(`/api/discount-codes/${row.id}`, { isActive: false });
      expect((await findDiscountCode(t.db, 'OLDCODE'))!.isActive).toBe(false);
      expect(
        (await admin.patch(`/api/discount-codes/${row.id}`, { isActive: 'yes' })).statusCode,
      ).toBe(400);
      expect((await admin.patch('/api/discount-codes/999999', { isActive: true })).statusCode).toBe(
        404,
      );
    });

    it('creates codes (dollars in, cents stored) and refuses duplicates and bad values', async () => {
      const body = {
        code: 'putt7',
        discountType: 'fixed',
        discountValue: 7.5,
        minimumOrderAmount: 30,
        maxUses: 10,
      };
      expect((await customer.post('/api/discount-codes', body)).statusCode).toBe(403);
      // Checked before the input: invalid bodies and ids still answer 401/403, not 400.
      for (const [client, status] of [
        [anon, 401],
        [customer, 403],
      ] as const) {
        expect((await client.post('/api/discount-codes', {})).statusCode).toBe(status);
        expect((await client.patch('/api/discount-codes/abc', {})).statusCode).toBe(status);
        expect((await client.delete('/api/discount-codes/abc')).statusCode).toBe(status);
      }
      const res = await admin.post('/api/discount-codes', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        code: 'PUTT7',
        discountValue: 7.5,
        minimumOrderAmount: 30,
        maxUses: 10,
        usedCount: 0,
      });
      const row = (await findDiscountCode(t.db, 'PUTT7'))!;
      expect(row).toMatchObject({ discountValue: 750, minimumOrderCents: 3000 });
      const dup = await admin.post('/api/discount-codes', body);
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('This discount code already exists');
      for (const bad of [
        { ...body, code: 'NEWPCT', discountType: 'percentage', discountValue: 150 },
        { ...body, code: 'X' },
        { ...body, code: 'NEWNEG', discountValue: -1 },
        { ...body, code: 'NEWDATE', validFrom: '2030-01-02', validUntil: '2030-01-01' },
      ]) {
        expect((await admin.post('/api/discount-codes', bad)).statusCode, JSON.stringify(bad)).toBe(
          400,
        );
      }
      // Bounds: never a 500, and money with more than two decimals is refused, not rounded.
      const bounded: [object, string][] = [
        [{ discountValue: 0.001 }, 'discountValue'],
        [{ discountValue: 7.555 }, 'discountValue'],
        [{ discountValue: 1e15 }, 'discountValue'],
        [{ discountType: 'percentage', discountValue: 1e15 }, 'discountValue'],
        [{ minimumOrderAmount: 1e15 }, 'minimumOrderAmount'],
        [{ minimumOrderAmount: 10.001 }, 'minimumOrderAmount'],
        [{ maxUses: 3e9 }, 'maxUses'],
        [{ validUntil: 8e15 }, 'validUntil'],
        [{ validUntil: 1e20 }, 'validUntil'],
        [{ validFrom: -8e15 }, 'validFrom'],
        [{ validUntil: '99999-01-01' }, 'validUntil'],
      ];
      for (const [over, field] of bounded) {
        const res = await admin.post('/api/discount-codes', { ...body, code: 'BOUND1', ...over });
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().errors[field], JSON.stringify(over)).toBeTypeOf('string');
      }
      expect(await findDiscountCode(t.db, 'BOUND1')).toBeNull();
    });

    it('deletes a code (admin only); it then validates as unknown', async () => {
      const [row] = await t.db
        .insert(discountCodes)
        .values({ code: 'DELETEME', discountType: 'percentage', discountValue: 5 })
        .returning();
      expect((await anon.delete(`/api/discount-codes/${row!.id}`)).statusCode).toBe(401);
      expect((await customer.delete(`/api/discount-codes/${row!.id}`)).statusCode).toBe(403);
      const res = await admin.delete(`/api/discount-codes/${row!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Discount code deleted', deactivated: false });
      expect(await t.db.select().from(discountCodes).where(eq(discountCodes.id, row!.id))).toEqual(
        [],
      );
      expect((await validate(anon, 'DELETEME', 10)).json().error).toBe(DISCOUNT_NOT_VALID);
      expect((await admin.delete(`/api/discount-codes/${row!.id}`)).statusCode).toBe(404);
    });

    it('a used code is deactivated instead of deleted, and the admin is told so', async () => {
      const [counted] = await t.db
        .insert(discountCodes)
        .values({ code: 'USEDONCE', discountType: 'percentage', discountValue: 5, currentUses: 1 })
        .returning();
      const [named] = await t.db
        .insert(discountCodes)
        .values({ code: 'INORDER', discountType: 'fixed', discountValue: 500 })
        .returning();
      await t.db.insert(orders).values({
        customerEmail: 'c@example.com',
        customerName: 'C',
        subtotalCents: 1000,
        discountCode: 'INORDER',
        discountCents: 500,
        totalCents: 1099,
        items: [],
      });
      for (const row of [counted!, named!]) {
        const res = await admin.delete(`/api/discount-codes/${row.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          message:
            'This code has been used, so it was deactivated instead of deleted: orders keep their record of it and it can no longer be applied.',
          deactivated: true,
        });
        const [kept] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, row.id));
        expect(kept?.isActive).toBe(false);
      }
    });

    it('accepts a code valid for a single day (validFrom equal to validUntil)', async () => {
      const res = await admin.post('/api/discount-codes', {
        code: 'ONEDAY',
        discountType: 'percentage',
        discountValue: 10,
        validFrom: '2030-01-01T00:00:00Z',
        validUntil: '2030-01-01T00:00:00Z',
      });
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  /** Today / yesterday as the store's calendar (STORE_TIME_ZONE's default) names them. */
  const storeDay = (at: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(at);

  it("a date-only 'valid until' (the admin's date picker) covers that whole store day: a one-day code works today", async () => {
    const today = storeDay(new Date());
    const res = await admin.post('/api/discount-codes', {
      code: 'TODAYONLY',
      discountType: 'percentage',
      discountValue: 10,
      validFrom: today,
      validUntil: today,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ validFromDay: today, validUntilDay: today });
    const check = await validate(anon, 'TODAYONLY', 50);
    expect(check.json()).toMatchObject({ valid: true, discountAmount: 5 });
    const yesterday = storeDay(new Date(Date.now() - day));
    const ended = await admin.post('/api/discount-codes', {
      code: 'ENDEDYESTERDAY',
      discountType: 'percentage',
      discountValue: 10,
      validUntil: yesterday,
    });
    expect(ended.statusCode, ended.body).toBe(201);
    expect((await validate(anon, 'ENDEDYESTERDAY', 50)).json()).toMatchObject({ valid: false });
  });

  describe("date-only dates are the store's calendar days (STORE_TIME_ZONE America/Los_Angeles by default)", () => {
    const create = async (code: string, validFrom: unknown, validUntil: unknown) => {
      const res = await admin.post('/api/discount-codes', {
        code,
        discountType: 'percentage',
        discountValue: 10,
        validFrom,
        validUntil,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as AdminDiscountCode;
    };
    /** Whether `code` applies at `at` (a fixed clock: ISO text with the store's offset). */
    const appliesAt = async (code: string, at: string) =>
      (await checkCode(t.db, code, 5000, new Date(at))).valid;

    it('winter (PST): from the first second of the first day to the last second of the last day in San Diego', async () => {
      const saved = await create('WINTERDAYS', '2031-01-15', '2031-01-30');
      expect(saved).toMatchObject({
        validFrom: '2031-01-15T08:00:00.000Z',
        validUntil: '2031-01-31T07:59:59.999Z',
        validFromDay: '2031-01-15',
        validUntilDay: '2031-01-30',
      });
      expect(await appliesAt('WINTERDAYS', '2031-01-14T23:30:00-08:00')).toBe(false);
      expect(await appliesAt('WINTERDAYS', '2031-01-15T00:00:01-08:00')).toBe(true);
      expect(await appliesAt('WINTERDAYS', '2031-01-30T23:30:00-08:00')).toBe(true);
      expect(await appliesAt('WINTERDAYS', '2031-01-31T00:00:01-08:00')).toBe(false);
    });

    it('summer (PDT) likewise', async () => {
      await create('SUMMERDAYS', '2031-07-01', '2031-07-30');
      expect(await appliesAt('SUMMERDAYS', '2031-06-30T23:30:00-07:00')).toBe(false);
      expect(await appliesAt('SUMMERDAYS', '2031-07-01T00:00:01-07:00')).toBe(true);
      expect(await appliesAt('SUMMERDAYS', '2031-07-30T23:30:00-07:00')).toBe(true);
      expect(await appliesAt('SUMMERDAYS', '2031-07-31T00:00:01-07:00')).toBe(false);
    });

    it('across daylight saving changes: a one-day code covers the 23-hour and the 25-hour day exactly', async () => {
      // 2031-03-09: clocks go from 2:00 PST to 3:00 PDT; the day starts in PST and ends in PDT.
      const spring = await create('SPRINGFWD', '2031-03-09', '2031-03-09');
      expect(spring).toMatchObject({
        validFrom: '2031-03-09T08:00:00.000Z',
        validUntil: '2031-03-10T06:59:59.999Z',
      });
      expect(await appliesAt('SPRINGFWD', '2031-03-08T23:30:00-08:00')).toBe(false);
      expect(await appliesAt('SPRINGFWD', '2031-03-09T00:00:01-08:00')).toBe(true);
      expect(await appliesAt('SPRINGFWD', '2031-03-09T23:30:00-07:00')).toBe(true);
      expect(await appliesAt('SPRINGFWD', '2031-03-10T00:00:01-07:00')).toBe(false);
      // 2031-11-02: clocks go back from 2:00 PDT to 1:00 PST; the day starts in PDT and ends in PST.
      const fall = await create('FALLBACK', '2031-11-02', '2031-11-02');
      expect(fall).toMatchObject({
        validFrom: '2031-11-02T07:00:00.000Z',
        validUntil: '2031-11-03T07:59:59.999Z',
      });
      expect(await appliesAt('FALLBACK', '2031-11-01T23:30:00-07:00')).toBe(false);
      expect(await appliesAt('FALLBACK', '2031-11-02T00:00:01-07:00')).toBe(true);
      expect(await appliesAt('FALLBACK', '2031-11-02T23:30:00-08:00')).toBe(true);
      expect(await appliesAt('FALLBACK', '2031-11-03T00:00:01-08:00')).toBe(false);
    });

    it("an API client's full timestamps are kept as given; the list names their store days", async () => {
      const saved = await create('EXACTTIMES', '2031-05-01T12:00:00Z', '2031-05-02T03:00:00Z');
      expect(saved).toMatchObject({
        validFrom: '2031-05-01T12:00:00.000Z',
        validUntil: '2031-05-02T03:00:00.000Z',
        validFromDay: '2031-05-01',
        // 03:00 UTC on May 2 is 8 pm on May 1 in San Diego.
        validUntilDay: '2031-05-01',
      });
      const listed = (await admin.get('/api/discount-codes')).json() as AdminDiscountCode[];
      expect(listed.find((c) => c.code === 'EXACTTIMES')).toMatchObject({
        validFromDay: '2031-05-01',
        validUntilDay: '2031-05-01',
      });
    });

    it('a day against a timestamp is ordered in the store zone; impossible days are refused', async () => {
      const base = { discountType: 'percentage', discountValue: 10 };
      // The store's Jan 10 starts at 08:00 UTC: 05:00 UTC is before it, 10:00 UTC after it.
      const early = await admin.post('/api/discount-codes', {
        ...base,
        code: 'MIXEDEARLY',
        validFrom: '2031-01-10',
        validUntil: '2031-01-10T05:00:00Z',
      });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toEqual({
        message: 'The end date must not be before the start date',
        errors: { validUntil: 'The end date must not be before the start date' },
      });
      await create('MIXEDLATE', '2031-01-10', '2031-01-10T10:00:00Z');
      for (const [field, value] of [
        ['validFrom', '2031-02-29'],
        ['validUntil', '2031-04-31'],
        ['validUntil', '2031-13-01'],
      ] as const) {
        const res = await admin.post('/api/discount-codes', {
          ...base,
          code: 'NODAY',
          [field]: value,
        });
        expect(res.statusCode, value).toBe(400);
        expect(res.json().errors, value).toEqual({ [field]: 'Please enter a valid date' });
      }
    });

    it('another STORE_TIME_ZONE moves the same days (Europe/Berlin)', async () => {
      const berlin = await createTestApp({ env: { STORE_TIME_ZONE: 'Europe/Berlin' } });
      try {
        const client = (await signedInClient(berlin, 'admin')).client;
        const res = await client.post('/api/discount-codes', {
          code: 'BERLINDAY',
          discountType: 'percentage',
          discountValue: 10,
          validFrom: '2031-03-30',
          validUntil: '2031-03-30',
        });
        expect(res.statusCode, res.body).toBe(201);
        // 2031-03-30: Berlin moves from CET (+01:00) to CEST (+02:00) at 2:00.
        expect(res.json()).toMatchObject({
          validFrom: '2031-03-29T23:00:00.000Z',
          validUntil: '2031-03-30T21:59:59.999Z',
          validFromDay: '2031-03-30',
          validUntilDay: '2031-03-30',
        });
      } finally {
        await berlin.close();
      }
    });
  });

  it('findDiscountCode normalises input and returns null for unknown or empty codes', async () => {
    expect((await findDiscountCode(t.db, '  save5 '))?.code).toBe('SAVE5');
    expect(await findDiscountCode(t.db, 'missing')).toBeNull();
    expect(await findDiscountCode(t.db, '   ')).toBeNull();
  });
});
