import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { FILE_CSP } from './routes';
import { saveFile } from './service';

describe('stored files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('saves bytes and serves them with their type, a long cache, nosniff and a no-script CSP', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const saved = await saveFile(t.db, {
      contentType: 'image/svg+xml',
      data: svg,
      originalName: 'pin.svg',
    });
    expect(saved.url).toBe(`/api/files/${saved.id}`);
    expect(saved.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await t.db.select().from(files).where(eq(files.id, saved.id));
    expect(row).toMatchObject({
      contentType: 'image/svg+xml',
      originalName: 'pin.svg',
      byteSize: svg.length,
    });

    const res = await t.app.inject({ method: 'GET', url: saved.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.rawPayload.equals(svg)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(FILE_CSP);
    // data: images only (a demo pin's motif is embedded that way; no script can run).
    expect(FILE_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  });

  it('serves binary files byte for byte', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);
    const saved = await saveFile(t.db, { contentType: 'image/png', data: png });
    const res = await t.app.inject({ method: 'GET', url: saved.url });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('answers 404 File not found for unknown or malformed ids', async () => {
    for (const url of [
      '/api/files/AAAAAAAAAAAAAAAAAAAAAA',
      '/api/files/..%2F..%2Fetc',
      '/api/files/x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'File not found' });
    }
  });
});
