/**
 * The shared multipart reader (lib/multipart.ts) on a bare Fastify app with the app's
 * error handler: every malformed body answers 4xx with a clear message (never 500),
 * limits answer 413, content sniffing answers 415, good bodies come back whole.
 * The quote route's own regressions are in quotes/quotes.test.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../test/fixtures';
import { installErrorHandling } from './errors';
import {
  MULTIPART_MESSAGES,
  multipartBoundary,
  readMultipart,
  registerMultipart,
} from './multipart';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  installErrorHandling(app);
  await app.register(async (instance) => {
    await registerMultipart(instance);
    instance.post('/upload', async (request) => {
      const form = await readMultipart(request, {
        files: ['file'],
        fields: ['title', 'notes'],
        maxFileBytes: 1024,
        maxFiles: 2,
        maxFields: 3,
        maxFieldBytes: 100,
      });
      return {
        fields: form.fields,
        files: form.files.map((f) => ({ field: f.field, name: f.filename, size: f.data.length })),
      };
    });
    instance.post('/image', async (request) => {
      const form = await readMultipart(request, { files: ['image'], acceptTypes: ['image/png'] });
      return { type: form.files[0]?.type ?? null };
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const B = 'test-boundary-1234';
const field = (name: string, value: string, boundary = B) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, filename: string, data: string | Buffer, boundary = B) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
const end = (boundary = B) => `--${boundary}--\r\n`;

function post(
  url: string,
  payload: string | Buffer,
  contentType = `multipart/form-data; boundary=${B}`,
) {
  return app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

describe('readMultipart', () => {
  it('returns the kept fields and files and drops the others', async () => {
    const body = Buffer.concat([
      Buffer.from(field('title', 'Crest') + field('other', 'ignored')),
      file('file', 'crest.bin', 'abc'),
      file('unknown', 'x.bin', ''),
      Buffer.from(end()),
    ]);
    const res = await post('/upload', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fields: { title: 'Crest' },
      files: [{ field: 'file', name: 'crest.bin', size: 3 }],
    });
  });

  it.each([
    ['a truncated body', field('title', 'Crest').slice(0, 50), MULTIPART_MESSAGES.malformed],
    [
      'a file cut off before its boundary',
      `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nabc`,
      MULTIPART_MESSAGES.malformed,
    ],
    ['part headers without a blank line', `--${B}\r\nGarbage`, MULTIPART_MESSAGES.malformed],
    ['a prototype field name', field('__proto__', 'x') + end(), MULTIPART_MESSAGES.malformed],
  ])('answers 400 for %s', async (_name, body, message) => {
    const res = await post('/upload', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a boundary over 70 characters', `multipart/form-data; boundary=${'b'.repeat(71)}`],
    ['a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`],
  ])('answers 400 for %s', async (_name, contentType) => {
    const boundary = /boundary=(.*)$/.exec(contentType)?.[1] || B;
    const res = await post('/upload', field('title', 'x', boundary) + end(boundary), contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(MULTIPART_MESSAGES.boundary);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const res = await app.inject({ method: 'POST', url: '/upload', payload: { title: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MULTIPART_MESSAGES.notMultipart);
  });

  it('answers 413 for a file over the limit, too many files and too many fields', async () => {
    const big = await post(
      '/upload',
      Buffer.concat([file('file', 'a.bin', 'x'.repeat(2000)), Buffer.from(end())]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is too large (at most 1 KB).');

    const twoFiles = await post(
      '/upload',
      Buffer.concat([
        file('file', 'a.bin', 'a'),
        file('file', 'b.bin', 'b'),
        file('file', 'c.bin', 'c'),
        Buffer.from(end()),
      ]),
    );
    expect(twoFiles.statusCode).toBe(413);
    expect(twoFiles.json().message).toBe(MULTIPART_MESSAGES.tooManyFiles);

    const manyFields = await post(
      '/upload',
      Array.from({ length: 6 }, (_, i) => field(`f${i}`, 'v')).join('') + end(),
    );
    expect(manyFields.statusCode).toBe(413);
    expect(manyFields.json().message).toBe(MULTIPART_MESSAGES.tooManyFields);
  });

  it('answers 400 naming a field over its size instead of truncating it', async () => {
    const res = await post('/upload', field('notes', 'n'.repeat(101)) + end());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { notes: MULTIPART_MESSAGES.fieldTooLong } });
  });

  it('answers 400 for control characters in a text field', async () => {
    const res = await post('/upload', field('title', 'a\u0000b') + end());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { title: expect.any(String) } });
  });

  it('checks files by content when acceptTypes is given', async () => {
    const png = await post(
      '/image',
      Buffer.concat([file('image', 'x.txt', TINY_PNG), Buffer.from(end())]),
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toEqual({ type: 'image/png' });
    const text = await post(
      '/image',
      Buffer.concat([file('image', 'x.png', 'not a png'), Buffer.from(end())]),
    );
    expect(text.statusCode).toBe(415);
  });
});

describe('multipartBoundary', () => {
  it('reads plain and quoted boundaries and refuses bad ones', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; boundary="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('multipart/form-data; boundary="ends with space "')).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(70)}`)).toBe(
      'x'.repeat(70),
    );
    expect(multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
  });
});
