import { csvLine, type CsvValue } from '@/lib/domain/csv';
import type { KeysetFetch } from './paging';

/** The most an export holds; past it the file ends with a line saying so. */
const EXPORT_CAP = 1_000_000;
/** Rows read per statement. */
const EXPORT_PAGE = 1000;

/**
 * A list's filtered rows as CSV, in the list's order, read a page at a time by keyset as the client
 * takes them (never built in memory): the stream's consumer pulls, and each pull reads one page.
 * `page(after)` answers up to `limit` rows after the boundary row's printed keys (from the start
 * without one), each with its own `keys`.
 */
export async function* csvExport<R>(
  header: readonly string[],
  page: (after: string[] | undefined, limit: number) => Promise<Array<R & { keys: string[] }>>,
  fields: (row: R) => readonly CsvValue[],
): AsyncIterable<string> {
  yield csvLine(header);
  let after: string[] | undefined;
  let sent = 0;
  for (;;) {
    const rows = await page(after, EXPORT_PAGE);
    let chunk = '';
    for (const row of rows) {
      if (sent === EXPORT_CAP) {
        yield `${chunk}# stopped at ${EXPORT_CAP} rows: narrow the filters\r\n`;
        return;
      }
      chunk += csvLine(fields(row));
      sent++;
    }
    if (chunk) yield chunk;
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1]!.keys;
  }
}

/** A list read through its keyset (the `fetch` its list uses), in the list's order, as CSV. */
export function keysetCsv<R>(
  header: readonly string[],
  fetch: KeysetFetch<R>,
  fields: (row: R) => readonly CsvValue[],
): AsyncIterable<string> {
  return csvExport(
    header,
    (after, limit) => fetch.rows(after && { values: after, side: 'after' }, false, limit, 0),
    fields,
  );
}
