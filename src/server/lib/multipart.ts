/**
 * The one way a route reads a multipart upload (DECISIONS.md "Uploads": 10 MB, type by
 * content; "never a 500 for user input"). Every upload route (quote logos, custom-order
 * logos, admin product images, mockups, CSV files) registers @fastify/multipart with
 * `registerMultipart` inside its own plugin (so no other route accepts multipart) and
 * reads the body with `readMultipart`, which buffers the parts, applies the limits and
 * turns every parser failure into a clear 4xx:
 *
 * | what the client sent                                  | answer                                   |
 * | ----------------------------------------------------- | ---------------------------------------- |
 * | not multipart/form-data                               | 415 'Please send the form as multipart/form-data' |
 * | no boundary, or one over 70 characters (RFC 2046)     | 400 'The form data has no valid boundary' |
 * | truncated body, malformed part headers, bad encoding  | 400 'The form data is incomplete or malformed' |
 * | a file over `maxFileBytes`                            | 413 `fileTooLarge()` (default names the limit) |
 * | more files / fields / parts than allowed              | 413 'Too many files' / 'Too many form fields' |
 * | a text field over `maxFieldBytes`                     | 400 with `errors: {<field>: 'This field is too long'}` |
 * | a field or file name Object.prototype owns            | 400 'The form data is incomplete or malformed' |
 * | control characters or NUL in a text field             | 400 'Invalid characters in input' naming the field |
 * | a file whose content is not in `acceptTypes`          | 415 `unsupportedType()` (when `acceptTypes` is given) |
 *
 * Checking a file by content (file-type, SVG sanitising) stays the caller's, or pass
 * `acceptTypes` for the raster formats file-type recognises.
 *
 * @example
 * ```ts
 * export async function mockupRoutes(instance: FastifyInstance) {
 *   await registerMultipart(instance);
 *   instance.post('/api/quote-requests/:id/mockups', { preValidation: requireAdmin }, async (request, reply) => {
 *     const form = await readMultipart(request, {
 *       files: ['mockup'],
 *       fields: ['notes'],
 *       maxFileBytes: 10 * 1024 * 1024,
 *       acceptTypes: ['image/png', 'image/jpeg'],
 *       fileTooLarge: () => new HttpError(413, 'Please upload a file smaller than 10MB.'),
 *     });
 *     const mockup = form.files[0]; // { field, filename, declaredType, type, data }
 *     const notes = form.fields.notes; // string | undefined
 *     ...
 *   });
 * }
 * ```
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, HttpError } from './errors';
import { cleanText, findInvalidText, INVALID_CHARACTERS } from './input-guard';

const MB = 1024 * 1024;

/** Upload limits; per call (`readMultipart`) they override the registered defaults. */
export interface MultipartLimits {
  /** Largest accepted file, bytes. Default 10 MB (DECISIONS.md "Uploads"). */
  maxFileBytes?: number;
  /** Most files in one request. Default 1. */
  maxFiles?: number;
  /** Most text fields in one request. Default 50. */
  maxFields?: number;
  /** Largest text field value, bytes. Default 64 KiB. */
  maxFieldBytes?: number;
}

export const MULTIPART_DEFAULTS: Required<MultipartLimits> = {
  maxFileBytes: 10 * MB,
  maxFiles: 1,
  maxFields: 50,
  maxFieldBytes: 64 * 1024,
};

export const MULTIPART_MESSAGES = {
  notMultipart: 'Please send the form as multipart/form-data',
  boundary: 'The form data has no valid boundary',
  malformed: 'The form data is incomplete or malformed',
  tooManyFiles: 'Too many files',
  tooManyFields: 'Too many form fields',
  fieldTooLong: 'This field is too long',
  unsupportedType: 'This file type is not supported',
} as const;

/** `bytes` as people read a limit: '10 MB', '1.5 MB', '64 KB', '100 bytes'. */
export function formatByteLimit(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** The default 413 for a file over the limit: 'The file is too large (at most 10 MB).' */
export const fileTooLargeError = (maxBytes: number) =>
  new HttpError(413, `The file is too large (at most ${formatByteLimit(maxBytes)}).`);

export interface ReadMultipartOptions extends MultipartLimits {
  /** File fields kept, in order of arrival; files under other names are read and dropped. */
  files: readonly string[];
  /** Text fields kept; others are ignored. Default: every text field. */
  fields?: readonly string[];
  /** The 413 for a file over `maxFileBytes` (default `fileTooLargeError`). */
  fileTooLarge?: () => HttpError;
  /**
   * When given, each kept file is sniffed by content (file-type) and must be one of these
   * MIME types, else `unsupportedType()` (default 415 'This file type is not supported').
   * Leave it out for text files (CSV) or when the caller checks content itself (SVG).
   */
  acceptTypes?: readonly string[];
  unsupportedType?: () => HttpError;
}

/** A kept file, fully buffered. */
export interface UploadedFile {
  /** The form field it came in. */
  field: string;
  /** The client's file name, control characters replaced, at most 255 characters ('' when none). */
  filename: string;
  /** The client's declared MIME type: a hint only, never trusted. */
  declaredType: string;
  /** The type file-type detected when `acceptTypes` was given, else null. */
  type: string | null;
  data: Buffer;
}

export interface MultipartForm {
  /** First value of each kept text field. */
  fields: Record<string, string>;
  /** Every kept text field in order (repeated names included). */
  fieldList: [name: string, value: string][];
  files: UploadedFile[];
}

/**
 * Registers @fastify/multipart in `instance` (call it inside the upload module's own
 * plugin) with the shared defaults; `readMultipart` sets the real limits per route.
 */
export async function registerMultipart(instance: FastifyInstance): Promise<void> {
  await instance.register(multipart, {
    limits: {
      fileSize: MULTIPART_DEFAULTS.maxFileBytes,
      files: MULTIPART_DEFAULTS.maxFiles,
      fields: MULTIPART_DEFAULTS.maxFields,
      parts: MULTIPART_DEFAULTS.maxFiles + MULTIPART_DEFAULTS.maxFields,
      fieldSize: MULTIPART_DEFAULTS.maxFieldBytes,
      fieldNameSize: 200,
      headerPairs: 20,
    },
  });
}

/** RFC 2046 boundary: 1-70 characters from its set, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary parameter of a multipart Content-Type (quotes removed), or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  if (!match) return null;
  const boundary = match[1] ?? match[2] ?? '';
  return BOUNDARY.test(boundary) ? boundary : null;
}

/** Maps an error raised while parsing to the 4xx the table above lists; HttpErrors pass. */
function parserError(err: unknown, options: ReadMultipartOptions, maxFileBytes: number): HttpError {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: unknown })?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return options.fileTooLarge?.() ?? fileTooLargeError(maxFileBytes);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, MULTIPART_MESSAGES.tooManyFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, MULTIPART_MESSAGES.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, MULTIPART_MESSAGES.notMultipart);
    default:
      // Anything else the parser throws (busboy: unexpected end of data, malformed
      // headers, part terminated early; prototype field names; premature close) is the
      // client's body.
      return badRequest(MULTIPART_MESSAGES.malformed);
  }
}

/**
 * Reads the whole multipart body of `request` (see the module comment for limits and
 * answers). Returns the kept text fields and files. Throws HttpError only (400, 413,
 * 415); never leaves the request stream half read on success.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, MULTIPART_MESSAGES.notMultipart);
  if (multipartBoundary(request.headers['content-type']) === null) {
    throw badRequest(MULTIPART_MESSAGES.boundary);
  }
  const limits = { ...MULTIPART_DEFAULTS, ...definedOnly(options) };
  const keepFiles = new Set(options.files);
  const keepFields = options.fields ? new Set(options.fields) : null;
  const form: MultipartForm = { fields: {}, fieldList: [], files: [] };

  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: limits.maxFields,
        parts: limits.maxFiles + limits.maxFields,
        fieldSize: limits.maxFieldBytes,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!keepFiles.has(part.fieldname)) continue;
        if (data.length === 0 && !part.filename) continue; // an empty file input
        form.files.push({
          field: part.fieldname,
          filename: cleanText(part.filename ?? '').slice(0, 255),
          declaredType: part.mimetype,
          type: null,
          data,
        });
      } else {
        if (keepFields && !keepFields.has(part.fieldname)) continue;
        if (part.valueTruncated) {
          throw badRequest(MULTIPART_MESSAGES.fieldTooLong, {
            [cleanText(part.fieldname)]: MULTIPART_MESSAGES.fieldTooLong,
          });
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        form.fieldList.push([part.fieldname, value]);
        if (!(part.fieldname in form.fields)) form.fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    const mapped = parserError(err, options, limits.maxFileBytes);
    if (!(err instanceof HttpError)) request.log.info({ err }, 'multipart body refused');
    throw mapped;
  }

  const invalid = findInvalidText(Object.fromEntries(form.fieldList));
  if (invalid !== null) {
    throw badRequest(INVALID_CHARACTERS, { [invalid]: 'Contains characters that are not allowed' });
  }
  if (options.acceptTypes) {
    for (const file of form.files) {
      const detected = await fileTypeFromBuffer(file.data);
      if (!detected || !options.acceptTypes.includes(detected.mime)) {
        throw options.unsupportedType?.() ?? new HttpError(415, MULTIPART_MESSAGES.unsupportedType);
      }
      file.type = detected.mime;
    }
  }
  return form;
}

function definedOnly(options: MultipartLimits): MultipartLimits {
  const out: MultipartLimits = {};
  for (const key of Object.keys(MULTIPART_DEFAULTS) as (keyof MultipartLimits)[]) {
    if (options[key] !== undefined) out[key] = options[key];
  }
  return out;
}
