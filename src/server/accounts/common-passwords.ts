/**
 * Common passwords refused at registration and for a configured admin (issue 11): the
 * password list of zxcvbn-ts (`@zxcvbn-ts/language-common`, about 49,000 passwords seen
 * most often in breaches), compared case-insensitively. The spec's 6-character minimum
 * stays the form's first message; this check comes after it, on the server only (the
 * list is too large for the web bundle). Loaded on first use (about 0.1 s).
 */

/** The message for a refused password (400, field `password`). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

let list: Promise<Set<string>> | undefined;

function loadList(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const words = (dictionary as Record<string, string[]>)['passwords-common'];
    if (!Array.isArray(words) || words.length < 10_000) {
      throw new Error('The common-password list of @zxcvbn-ts/language-common did not load');
    }
    return new Set(words.map((w) => w.toLowerCase()));
  });
  return list;
}

/** True when `password` (ignoring case) is on the common-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadList()).has(password.toLowerCase());
}
