/**
 * CSV as RFC 4180 writes it, one home for the gateway's streamed exports and the dashboard's
 * downloads: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or a
 * line break, quotes inside doubled.
 */
export type CsvValue = unknown;

/** Characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One field: an object as its JSON; text a spreadsheet would evaluate defused with an apostrophe. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Text that a spreadsheet would evaluate (a payment id such as "=HYPERLINK(…)") is prefixed with
  // an apostrophe; plain numbers, negative ones included, are left as they are.
  if (FORMULA_START.test(s) && !NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, CRLF-terminated. */
export const csvLine = (fields: readonly CsvValue[]): string => `${fields.map(csvField).join(',')}\r\n`;

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map(csvLine).join('');
}
