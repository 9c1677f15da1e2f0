/**
 * The admin's whole-list answers are compressed when large (lib/compress-large.ts): the
 * decoded body is the plain answer, small answers and clients that accept no encoding
 * get plain bytes.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../catalog/testing';
import { discountCodes } from '../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../test/app';
import { LARGE_REPLY_BYTES } from './compress-large';

describe('large admin lists are compressed', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInClient(t, 'admin')).client;
  });
  afterAll(() => t.close());

  const list = (acceptEncoding?: string) =>
    admin.request({
      method: 'GET',
      url: '/api/discount-codes',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('a small list is sent plain, varying on Accept-Encoding', async () => {
    const res = await list('br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(LARGE_REPLY_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('a large list: br or gzip as accepted, decoding to the plain answer', async () => {
    await t.db.insert(discountCodes).values(
      Array.from({ length: 400 }, (_, i) => ({
        code: `BULK${i}`,
        discountType: 'percentage' as const,
        discountValue: 10,
      })),
    );
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(LARGE_REPLY_BYTES);

    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    expect((await list('identity')).headers['content-encoding']).toBeUndefined();
  });
});
