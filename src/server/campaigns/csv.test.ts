/**
 * Campaign CSV files without a server: the downloads carry a UTF-8 byte order mark, so a
 * spreadsheet reads accented names as written, and the upload reads such a file back
 * unchanged (export -> import round trip).
 */
import { describe, expect, it } from 'vitest';
import { decodeCsvText, parseContactsCsv, toCsv } from './csv';

const NAME = "Zoë Ñúñez-O'Brien";
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('toCsv', () => {
  it('starts with the UTF-8 byte order mark, once', () => {
    const bytes = Buffer.from(toCsv(['email', 'name'], [['zoe@club.test', NAME]]), 'utf8');
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    expect(bytes.subarray(3, 6)).not.toEqual(BOM);
    expect(bytes.toString('utf8').slice(1)).toBe(`email,name\nzoe@club.test,${NAME}\n`);
  });
});

describe('export -> import', () => {
  it('reads a downloaded file back with the names exactly as exported', () => {
    const file = Buffer.from(
      toCsv(['email', 'name', 'organization'], [['zoe@club.test', NAME, 'Club Ñandú']]),
      'utf8',
    );
    expect(parseContactsCsv(file)).toEqual([
      { line: 2, email: 'zoe@club.test', name: NAME, organization: 'Club Ñandú', error: null },
    ]);
  });

  it('drops the mark: the header is "email", not "\\uFEFFemail"', () => {
    const text = decodeCsvText(Buffer.concat([BOM, Buffer.from(`email\nzoe@club.test\n`)]));
    expect(text.startsWith('email')).toBe(true);
  });
});
