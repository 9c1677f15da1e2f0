/**
 * GET /api/calendar (calendar/routes.ts): the shop's today in STORE_TIME_ZONE, which the
 * wizard's delivery estimate and the invoice form's default due date count from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreCalendar } from '../../shared/schemas/calendar';
import { createTestApp, type TestApp } from '../test/app';

/** Today in `timeZone`, YYYY-MM-DD, read by Intl (not by the code under test). */
const todayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });

describe('GET /api/calendar', () => {
  // 25 hours apart: their calendar days differ at every moment.
  const east = 'Pacific/Kiritimati';
  const west = 'Pacific/Pago_Pago';
  let eastApp: TestApp;
  let westApp: TestApp;
  beforeAll(async () => {
    [eastApp, westApp] = await Promise.all([
      createTestApp({ env: { STORE_TIME_ZONE: east } }),
      createTestApp({ env: { STORE_TIME_ZONE: west } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([eastApp?.close(), westApp?.close()]);
  });

  it("answers the shop's today in its own zone, never cached", async () => {
    const answers = [];
    for (const [t, zone] of [
      [eastApp, east],
      [westApp, west],
    ] as const) {
      const res = await t.app.inject({ url: '/api/calendar' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = StoreCalendar.parse(res.json());
      expect(body).toEqual({ today: todayIn(zone), timeZone: zone });
      answers.push(body.today);
    }
    expect(answers[0]).not.toBe(answers[1]);
  });
});
