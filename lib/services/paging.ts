import { createHash } from 'node:crypto';
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { ValidationError } from '@/lib/errors';
import type { Db } from '@/lib/db';
import { rowsOf } from '@/lib/db/rows';

/**
 * Keyset paging, the one way lists are paged (docs/architecture.md, docs/decisions.md "Lists").
 * A list is ordered by sort keys whose last one is unique (the id); a page is the `limit` rows
 * after (or before) a boundary row, found through an index in the list's order, so the millionth
 * row costs what the first does. The boundary travels as an opaque cursor: the boundary row's keys
 * as the database printed them (a timestamp keeps its microseconds), the direction, and a digest of
 * the list's filters, so a cursor cannot be replayed against another query.
 *
 * `count` stays cheap: exact up to COUNT_CAP, then capped (`count_capped: true`), unless the list
 * has a count kept with the writes (`exactCount`).
 */
export const COUNT_CAP = 10_000;

export type Direction = 'asc' | 'desc';

/** A sort key: its column (or expression) and the SQL type its printed value is read back as. */
interface SortKey {
  column: SQLWrapper;
  type: 'timestamptz' | 'text' | 'bigint' | 'integer';
}

export interface Keyset {
  keys: SortKey[];
  direction: Direction;
}

/**
 * The keyset most lists are read by: a time (newest or oldest first), then the row's id, which
 * orders the rows of one instant. The list's index holds both, after its scope.
 */
export const byTime = (time: SQLWrapper, id: SQLWrapper, direction: Direction): Keyset => ({
  keys: [
    { column: time, type: 'timestamptz' },
    { column: id, type: 'text' },
  ],
  direction,
});

export interface PageRequest {
  limit: number;
  cursor?: string;
  /** The list's order (`asc`/`desc` of its sort keys); its own `direction` when absent. */
  order?: Direction;
  /** The legacy page number (OFFSET) where DESIGN names it; never with a cursor. */
  page?: number;
}

export interface PageInfo {
  count: number;
  count_capped: boolean;
  has_more: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
}

interface Cursor {
  /** The boundary row's sort keys, as printed by the database. */
  k: string[];
  /** `a`: the rows after the boundary; `b`: the rows before it. */
  d: 'a' | 'b';
  /** A digest of the filters the cursor belongs to. */
  f: string;
}

const filterDigest = (filters: Record<string, unknown>) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        Object.entries(filters)
          .filter(([, v]) => v !== undefined)
          .sort(),
      ),
    )
    .digest('base64url')
    .slice(0, 12);

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(text: string, keys: number, filters: string): Cursor {
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
  } catch {
    throw new ValidationError('cursor: not a cursor of this list', 'cursor');
  }
  if (
    !c ||
    (c.d !== 'a' && c.d !== 'b') ||
    !Array.isArray(c.k) ||
    c.k.length !== keys ||
    !c.k.every((v) => typeof v === 'string' && v.length <= 200)
  )
    throw new ValidationError('cursor: not a cursor of this list', 'cursor');
  if (c.f !== filters)
    throw new ValidationError(
      'cursor: it belongs to the same list with other filters or another order',
      'cursor',
    );
  return c;
}

/**
 * The condition "after (or before) the boundary" in the list's order, as one row comparison, which
 * PostgreSQL answers with a range scan of an index on the same keys: `(k1, k2) < ($1, $2)`.
 */
function beyond(keyset: Keyset, values: string[], side: 'after' | 'before'): SQL {
  const cols = sql.join(
    keyset.keys.map((k) => sql`${k.column}`),
    sql`, `,
  );
  const vals = sql.join(
    keyset.keys.map((k, i) => sql`${values[i]}::${sql.raw(k.type)}`),
    sql`, `,
  );
  const less = (keyset.direction === 'desc') === (side === 'after');
  return less ? sql`(${cols}) < (${vals})` : sql`(${cols}) > (${vals})`;
}

/** The sort keys of a row, printed by the database (select them with `printedKeys`). */
function printedKeys(keyset: Keyset): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keyset.keys.map((k) => sql`${k.column}::text`),
    sql`, `,
  )}]`;
}

/** The ORDER BY of a keyset, forwards or backwards. */
function orderOf(keyset: Keyset, reverse = false): SQL {
  const dir = (keyset.direction === 'desc') !== reverse ? sql`desc` : sql`asc`;
  return sql.join(
    keyset.keys.map((k) => sql`${k.column} ${dir}`),
    sql`, `,
  );
}

/** Where a page starts: beyond the boundary row's sort keys, on one side of it. */
interface Boundary {
  values: string[];
  side: 'after' | 'before';
}

export interface KeysetFetch<R> {
  /**
   * At most `limit` rows beyond the boundary (from the start when there is none), after skipping
   * `offset` (the legacy `page`), in the list's order or in reverse when `reverse`; each with its
   * printed sort keys as `keys` (`printedKeys`).
   */
  rows(
    boundary: Boundary | undefined,
    reverse: boolean,
    limit: number,
    offset: number,
  ): Promise<Array<R & { keys: string[] }>>;
  /** The number of rows of the whole list, counted no further than `cap`. */
  count(cap: number): Promise<number>;
  /** True when `count` is exact at any size (kept with the writes), so the answer is never capped. */
  exactCount?: boolean;
  /**
   * Not counted past its page: a list whose matches only a slow read could count (a "contains"
   * search by a fragment common to many rows reads the trigram index's lossy bitmap, seconds at
   * 10^7). `count` is then the rows up to this page's end and `count_capped` says whether more
   * may lie beyond them: exact when the whole list fits on its first page.
   */
  pageCountOnly?: boolean;
}

/**
 * A list's fetch read in the other direction when `order` is not the keyset's own: the same index,
 * scanned the other way (PostgreSQL reads a B-tree backwards as fast as forwards), so every list
 * can be read oldest or newest first at the same cost. The rows after a boundary in the requested
 * order are the rows before it in the keyset's.
 */
export function inOrder<R>(
  keyset: Keyset,
  fetch: KeysetFetch<R>,
  order: Direction | undefined,
): KeysetFetch<R> {
  if (order === undefined || order === keyset.direction) return fetch;
  return {
    ...fetch,
    rows: (boundary, reverse, limit, offset) =>
      fetch.rows(
        boundary && { values: boundary.values, side: boundary.side === 'after' ? 'before' : 'after' },
        !reverse,
        limit,
        offset,
      ),
  };
}

/**
 * SQLSTATE class 22, "data exception", on either driver: a value the database cannot read as its
 * type (a timestamp it cannot parse or out of range, a bigint past 2^63).
 */
function isDataException(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * One page of a keyset-paged list: its rows, and what the answer says about the rest. `q` is the
 * list's query: its parameters other than the paging ones are its filters, which the cursor's
 * digest covers (`order` among them: a cursor continues the order it was made in).
 */
export async function keysetPage<R>(
  keyset: Keyset,
  q: PageRequest & Record<string, unknown>,
  listFetch: KeysetFetch<R>,
): Promise<{ rows: R[]; page: PageInfo }> {
  const fetch = inOrder(keyset, listFetch, q.order);
  const filters = Object.fromEntries(
    Object.entries(q).filter(([name]) => name !== 'limit' && name !== 'cursor' && name !== 'page'),
  );
  const digest = filterDigest(filters);
  if (q.cursor !== undefined && q.page !== undefined)
    throw new ValidationError('cursor and page cannot be combined: page with one or the other', null);
  const cursor = q.cursor === undefined ? undefined : decodeCursor(q.cursor, keyset.keys.length, digest);
  const countPromise = fetch.pageCountOnly ? Promise.resolve(0) : fetch.count(COUNT_CAP);
  // Observed at once: when the rows fail first, the count's failure is not left unhandled (Node
  // would end the process, and every request in flight with it). It is awaited below all the same.
  countPromise.catch(() => {});
  // A cursor is the client's text: its keys are what the database printed, unless forged. One the
  // database cannot read back as its type (a timestamp past its range, a bigint past 2^63) is the
  // cursor's fault: the filters were validated before (lib/schemas), times bounded among them.
  const read: KeysetFetch<R>['rows'] = async (...args) => {
    try {
      return await fetch.rows(...args);
    } catch (err) {
      if (cursor !== undefined && isDataException(err))
        throw new ValidationError('cursor: not a cursor of this list', 'cursor');
      throw err;
    }
  };
  let rows: Array<R & { keys: string[] }>;
  let more: boolean;
  let before: boolean;
  if (q.page !== undefined && q.page > 1) {
    rows = await read(undefined, false, q.limit + 1, (q.page - 1) * q.limit);
    more = rows.length > q.limit;
    rows = rows.slice(0, q.limit);
    before = true;
  } else if (cursor?.d === 'b') {
    // The page before the boundary: read backwards, then put in the list's order.
    rows = await read({ values: cursor.k, side: 'before' }, true, q.limit + 1, 0);
    before = rows.length > q.limit;
    rows = rows.slice(0, q.limit).reverse();
    more = true;
  } else {
    rows = await read(cursor && { values: cursor.k, side: 'after' }, false, q.limit + 1, 0);
    more = rows.length > q.limit;
    rows = rows.slice(0, q.limit);
    before = cursor !== undefined;
  }
  const counted = await countPromise;
  const first = rows[0];
  const last = rows[rows.length - 1];
  // A page number's rows before this page are known to exist; a cursor's are not counted.
  const skipped = q.page !== undefined && q.page > 1 && rows.length ? (q.page - 1) * q.limit : 0;
  const { count, count_capped } = fetch.pageCountOnly
    ? { count: skipped + rows.length, count_capped: more || (before && !skipped) }
    : fetch.exactCount
      ? { count: counted, count_capped: false }
      : { count: Math.min(counted, COUNT_CAP), count_capped: counted > COUNT_CAP };
  return {
    rows,
    page: {
      count,
      count_capped,
      has_more: more && last !== undefined,
      next_cursor: more && last ? encodeCursor({ k: last.keys, d: 'a', f: digest }) : null,
      prev_cursor: before && first ? encodeCursor({ k: first.keys, d: 'b', f: digest }) : null,
    },
  };
}

/** `SELECT count(*)` of a query's rows, reading no more than `cap + 1` of them. */
async function cappedCount(db: Db, query: SQLWrapper, cap: number): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`select count(*)::int as n from (${query} limit ${cap + 1}) capped`),
  );
  return Number(row?.n ?? 0);
}

/**
 * The fetch of a list read by one query (a table with its joins): `select(keys)` selects a row's
 * fields and `keys`, `where` is the list's filter; `countFrom` selects anything from the same rows
 * (keep it narrow: the count then reads the index alone).
 */
export function queryFetch<R>(
  db: Db,
  keyset: Keyset,
  where: SQL | undefined,
  select: (keys: SQL<string[]>) => PgSelect,
  countFrom: () => PgSelect,
): KeysetFetch<R> {
  return {
    rows: async (boundary, reverse, limit, offset) =>
      (await select(printedKeys(keyset))
        .where(boundary ? and(where, beyond(keyset, boundary.values, boundary.side)) : where)
        .orderBy(orderOf(keyset, reverse))
        .limit(limit)
        .offset(offset)) as Array<R & { keys: string[] }>,
    count: (cap) => cappedCount(db, countFrom().where(where), cap),
  };
}

/**
 * The fetch of a list read from one table, each row whole as `row`: queryFetch's common case (the
 * namespaces, keys, customers, users, organizations, the audit trail, the network's batches).
 */
export function tableFetch<T extends PgTable>(
  db: Db,
  keyset: Keyset,
  where: SQL | undefined,
  table: T,
): KeysetFetch<{ row: T['$inferSelect'] }> {
  return queryFetch(
    db,
    keyset,
    where,
    (keys) =>
      db
        .select({ row: table as PgTable, keys })
        .from(table as PgTable)
        .$dynamic() as unknown as PgSelect,
    () =>
      db
        .select({ one: sql`1` })
        .from(table as PgTable)
        .$dynamic() as unknown as PgSelect,
  );
}

/**
 * One branch of a list that is the union of disjoint row sets, each read through its own index in
 * the list's order (a namespace's payments: those it pays, and those it is paid by others). `keyset`
 * holds the branch's own columns for the list's sort keys; `from` is its FROM and WHERE.
 */
export interface UnionBranch {
  keyset: Keyset;
  id: SQLWrapper;
  from: SQL;
}

/**
 * The fetch of a union list: the ids (and printed keys) of a page, each branch limited and ordered
 * inside (PostgreSQL merges them), the rows then read by id (`load`, in any order).
 */
export function unionFetch<R extends { id: string }>(
  db: Db,
  branches: UnionBranch[],
  load: (ids: string[]) => Promise<R[]>,
): KeysetFetch<R> {
  const part = (b: UnionBranch, boundary: Boundary | undefined, reverse: boolean, limit: number) => {
    const keys = b.keyset.keys.map((k, i) => sql`${k.column} as ${sql.identifier(`k${i}`)}`);
    const where = boundary ? sql` and ${beyond(b.keyset, boundary.values, boundary.side)}` : sql``;
    return sql`(select ${b.id} as id, ${printedKeys(b.keyset)} as keys, ${sql.join(keys, sql`, `)} ${b.from}${where} order by ${orderOf(b.keyset, reverse)} limit ${limit})`;
  };
  const outerOrder = (reverse: boolean) => {
    const first = branches[0]!.keyset;
    const dir = (first.direction === 'desc') !== reverse ? sql`desc` : sql`asc`;
    return sql.join(
      first.keys.map((_, i) => sql`${sql.identifier(`k${i}`)} ${dir}`),
      sql`, `,
    );
  };
  return {
    async rows(boundary, reverse, limit, offset) {
      const found = rowsOf(
        await db.execute(
          sql`select id, keys from (${sql.join(
            branches.map((b) => part(b, boundary, reverse, offset + limit)),
            sql` union all `,
          )}) u order by ${outerOrder(reverse)} limit ${limit} offset ${offset}`,
        ),
      ).map((r) => ({ id: String(r.id), keys: r.keys as string[] }));
      const byId = new Map((await load(found.map((r) => r.id))).map((r) => [r.id, r]));
      return found.flatMap((f) => {
        const row = byId.get(f.id);
        return row ? [{ ...row, keys: f.keys }] : [];
      });
    },
    async count(cap) {
      const parts = branches.map((b) => sql`(select 1 ${b.from} limit ${cap + 1})`);
      const [row] = rowsOf(
        await db.execute(sql`select count(*)::int as n from (${sql.join(parts, sql` union all `)}) u`),
      );
      return Number(row?.n ?? 0);
    },
  };
}
