/**
 * Text the database cannot store, stopped at the edge (DECISIONS.md "Runtime
 * conventions": never a 500 for user input).
 *
 * PostgreSQL rejects NUL (U+0000) in `text` and `jsonb` and unpaired UTF-16 surrogates
 * in `jsonb`; other C0 control characters are never meaningful in a form field. Every
 * route gets one extra `preValidation` hook, run after the route's own ones (so
 * `requireAdmin` still answers 401/403 first), that scans every string and key of the
 * body, query and path params and answers 400
 * `{message: 'Invalid characters in input', errors: {<field>: ...}}`. Tab, LF and CR
 * pass (text areas send them; single-line fields are the schemas' business).
 *
 * `cleanText` / `toStorableJson` make values storable instead of rejecting them, for
 * records that must never fail to be written (payment incidents).
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { badRequest } from './errors';

export const INVALID_CHARACTERS = 'Invalid characters in input';
const FIELD_MESSAGE = 'Contains characters that are not allowed';

/** C0 controls except tab, LF, CR; plus unpaired surrogates (matched alone only with the u flag). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const INVALID_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\p{Surrogate}/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const INVALID_TEXT_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\p{Surrogate}/gu;

/** True when the string holds a character the guard rejects. */
export function hasInvalidText(text: string): boolean {
  return INVALID_TEXT.test(text);
}

/** The string with every rejected character replaced by U+FFFD (storable in text and jsonb). */
export function cleanText(text: string): string {
  return text.replace(INVALID_TEXT_ALL, '\uFFFD');
}

/**
 * The dotted path (as the 400 `errors` keys use it, e.g. `customerName`, `features.2`)
 * of the first string or object key holding a rejected character, or null. Iterative,
 * so deeply nested JSON cannot overflow the stack.
 */
export function findInvalidText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasInvalidText(current)) return path || '_';
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => {
        stack.push({ value: item, path: path ? `${path}.${i}` : String(i) });
      });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (hasInvalidText(key)) return cleanText(at);
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/** The first rejected field of one request part (params, query or body), or null. */
function invalidIn(part: unknown): string | null {
  // Fast path (issue 12): nothing sent, or a flat object of clean strings (path params,
  // most query strings): each value and key tested in place, nothing allocated.
  if (part == null) return null;
  if (typeof part === 'object' && !Array.isArray(part)) {
    const fields = part as Record<string, unknown>;
    let flat = true;
    for (const key in fields) {
      const value = fields[key];
      if (typeof value !== 'string' || hasInvalidText(key) || hasInvalidText(value)) {
        flat = false;
        break;
      }
    }
    if (flat) return null;
  }
  return findInvalidText(part);
}

/** preValidation: 400 when the params, query or body carry a rejected character. */
export const rejectInvalidText: preValidationHookHandler = (
  request: FastifyRequest,
  _reply,
  done,
) => {
  const field = invalidIn(request.params) ?? invalidIn(request.query) ?? invalidIn(request.body);
  if (field !== null) return done(badRequest(INVALID_CHARACTERS, { [field]: FIELD_MESSAGE }));
  done();
};

/**
 * Adds `rejectInvalidText` as the last preValidation hook of every route registered
 * after this call (so auth hooks run first). Call before registering routes.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const existing = route.preValidation;
    const list = Array.isArray(existing) ? existing : existing ? [existing] : [];
    if (list.includes(rejectInvalidText)) return;
    route.preValidation = [...list, rejectInvalidText];
  });
}

/**
 * A JSON value that PostgreSQL `jsonb` always accepts: `value` serialised as JSON
 * (dates as ISO strings, undefined dropped) with every string and key passed through
 * `cleanText`. Anything that cannot be serialised (cycles, BigInt) becomes
 * `{ unserializable: <its String() text> }`. Never throws.
 */
export function toStorableJson(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : cleanJson(JSON.parse(text));
  } catch {
    let shown: string;
    try {
      shown = String(value);
    } catch {
      shown = '[unprintable]';
    }
    return { unserializable: cleanText(shown) };
  }
}

function cleanJson(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanJson);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [cleanText(key), cleanJson(item)]),
    );
  }
  return value;
}
