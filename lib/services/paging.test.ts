import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import { byTime, keysetPage, type KeysetFetch } from './paging';

// The page logic without a database: a list's fetch is given, failing as the database would.

const keyset = byTime(sql`created_at`, sql`id`, 'desc');
const row = (i: number) => ({ id: `r${i}`, keys: [`2026-11-2${i} 08:00:00+00`, `r${i}`] });
/** The error a driver raises for a value its type cannot hold, wrapped as Drizzle wraps it. */
const dataException = () =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('time zone displacement out of range'), { code: '22009' }),
  });

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', record);
afterEach(() => {
  unhandled.length = 0;
});

async function aCursor(): Promise<string> {
  const fetch: KeysetFetch<{ id: string }> = {
    rows: async () => [row(1), row(2)],
    count: async () => 2,
  };
  const { page } = await keysetPage(keyset, { limit: 1 }, fetch);
  return page.next_cursor!;
}

describe('keysetPage', () => {
  it('fails with the rows’ error when rows and count both fail, leaving no rejection unhandled', async () => {
    const fetch: KeysetFetch<{ id: string }> = {
      rows: async () => {
        throw new Error('rows failed');
      },
      count: () => new Promise((_, reject) => setTimeout(() => reject(new Error('count failed')), 5)),
    };
    await expect(keysetPage(keyset, { limit: 1 }, fetch)).rejects.toThrow('rows failed');
    await new Promise((r) => setTimeout(r, 30));
    expect(unhandled).toEqual([]);
  });

  it('answers 400 for a cursor whose keys the database cannot read, and rethrows other errors', async () => {
    const cursor = await aCursor();
    const failing = (err: () => Error): KeysetFetch<{ id: string }> => ({
      rows: async () => {
        throw err();
      },
      count: async () => 0,
    });
    const refused = keysetPage(keyset, { limit: 1, cursor }, failing(dataException));
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toThrow('cursor: not a cursor of this list');
    // Without a cursor the same error is the server's; with one, an error of another kind too.
    await expect(keysetPage(keyset, { limit: 1 }, failing(dataException))).rejects.toThrow('Failed query');
    await expect(
      keysetPage(
        keyset,
        { limit: 1, cursor },
        failing(() => new Error('down')),
      ),
    ).rejects.toThrow('down');
  });
});
