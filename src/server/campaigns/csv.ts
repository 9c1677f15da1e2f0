/**
 * Campaign CSV files (DECISIONS.md: "a header row: `email` required, `name` and
 * `organization` optional, in any order; other columns are ignored"), parsed with
 * csv-parse, and CSV exports written with csv-stringify with spreadsheet formulas
 * neutralised (a cell starting with = + - @ tab or CR gets a leading apostrophe).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { CSV_INVALID_TEXT, type CsvContact } from '../../shared/schemas/campaigns';
import { neutralizeFormula } from '../custom-orders/admin';
import { HttpError } from '../lib/errors';

const EmailCheck = z.email();
/** Most data rows one upload may hold. */
export const MAX_CSV_ROWS = 50_000;

/** A 400 about the uploaded file, naming its field (DECISIONS.md: 400 with per-field `errors`). */
const csvRefused = (message: string) =>
  new HttpError(400, message, { errors: { csvFile: message } });

/** C0 control characters other than tab, LF and CR (and DEL): never in a spreadsheet's text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The text of an uploaded CSV file: UTF-8 (with or without a BOM); UTF-16 with its BOM
 * (Excel's 'Unicode Text'); else Windows-1252, which Excel's 'CSV (Comma delimited)'
 * writes on Western Windows (its accented names are not valid UTF-8). Throws 415
 * 'Please upload a CSV file.' for what is not text: a NUL, or, when not UTF-8, any
 * control character but tab, CR and LF.
 */
export function decodeCsvText(data: Buffer): string {
  const utf16 =
    data[0] === 0xff && data[1] === 0xfe
      ? 'utf-16le'
      : data[0] === 0xfe && data[1] === 0xff
        ? 'utf-16be'
        : null;
  let text: string;
  if (utf16) {
    try {
      text = new TextDecoder(utf16, { fatal: true }).decode(data);
    } catch {
      throw new HttpError(415, CSV_INVALID_TEXT);
    }
    if (CONTROL.test(text)) throw new HttpError(415, CSV_INVALID_TEXT);
    return text;
  }
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
    if (CONTROL.test(text)) throw new HttpError(415, CSV_INVALID_TEXT);
  }
  if (text.includes('\u0000')) throw new HttpError(415, CSV_INVALID_TEXT);
  return text;
}

/**
 * The header line's separator: comma, semicolon (spreadsheets in locales whose decimal
 * mark is a comma) or tab (Excel's 'Unicode Text'), whichever the first line holds most
 * of outside quotes; comma when it holds none.
 */
export function csvDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

/**
 * Parses an uploaded campaign CSV (text as `decodeCsvText` reads it, separator as
 * `csvDelimiter` finds it). Returns every data row with its line number and, for rows
 * left out, why (invalid address, duplicate). Throws 415 'Please upload a CSV file.' for
 * content that is not text, 400 for CSV that does not parse or has no `email` column,
 * 413 past MAX_CSV_ROWS.
 */
export function parseContactsCsv(data: Buffer): CsvContact[] {
  const text = decodeCsvText(data);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: csvDelimiter(text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to: MAX_CSV_ROWS + 2,
    }) as string[][];
  } catch (err) {
    throw csvRefused(`The CSV file could not be read: ${(err as Error).message}`.slice(0, 300));
  }
  if (records.length === 0) throw csvRefused('The CSV file is empty');
  const header = records[0]!.map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const emailAt = col('email');
  if (emailAt < 0) {
    throw csvRefused('The CSV file needs a header row with an "email" column');
  }
  if (records.length - 1 > MAX_CSV_ROWS) {
    throw new HttpError(413, `At most ${MAX_CSV_ROWS.toLocaleString('en-US')} rows per file`);
  }
  const nameAt = col('name');
  const orgAt = col('organization');
  const seen = new Set<string>();
  return records.slice(1).map((r, i) => {
    const email = (r[emailAt] ?? '').trim().toLowerCase();
    const opt = (at: number) => (at >= 0 && r[at]?.trim() ? r[at]!.trim().slice(0, 200) : null);
    let error: string | null = null;
    if (!email) error = 'Missing e-mail';
    else if (email.length > 254 || !EmailCheck.safeParse(email).success) error = 'Invalid e-mail';
    else if (seen.has(email)) error = 'Duplicate e-mail';
    if (!error) seen.add(email);
    return {
      line: i + 2,
      email: email.slice(0, 320),
      name: opt(nameAt),
      organization: opt(orgAt),
      error,
    };
  });
}

/**
 * CSV text for a spreadsheet download: a UTF-8 byte order mark (Excel reads a file
 * without one as the Windows code page: 'Zoë' became 'ZoÃ«', an international-data audit
 * of 2026-11-27), a header row, every cell formula-neutralised. `parseContactsCsv` reads
 * it back as UTF-8 (the mark dropped), so an export uploads again unchanged.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return stringify(
    [header, ...rows.map((r) => r.map((v) => (v === null ? '' : neutralizeFormula(String(v)))))],
    { bom: true },
  );
}
