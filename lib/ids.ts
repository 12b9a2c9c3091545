import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export type IdPrefix =
  | 'org'
  | 'part'
  | 'api'
  | 'acct'
  | 'cus'
  | 'link'
  | 'sub'
  | 'adm'
  | 'task'
  | 'txn'
  | 'line'
  | 'exc'
  | 'batch'
  | 'wh'
  | 'evt'
  | 'usr'
  | 'pay'
  | 'dlv'
  | 'att'
  | 'aud'
  | 'lqe'
  | 'lqa'
  | 'rtn'
  | 'rul'
  | 'inm'
  | 'req';

/**
 * Opaque, roughly time-ordered identifiers: `<prefix>_<9 chars of time><16 random chars>`.
 * Time first keeps B-tree inserts local; 16 base36 chars carry ~82 bits of randomness.
 */
export function newId(prefix: IdPrefix): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const bytes = randomChunk(16);
  let rand = '';
  for (let i = bytes.start; i < bytes.start + 16; i++) rand += ALPHABET[bytes.pool[i]! % 36];
  return `${prefix}_${time}${rand}`;
}

/**
 * The smallest identifier of `prefix` made at or after `at`: every identifier made before it
 * compares below it (the time comes first, fixed width), so a range of a primary key is a range
 * of creation times (the retention purge's).
 */
export function idAt(prefix: IdPrefix, at: Date): string {
  return `${prefix}_${at.getTime().toString(36).padStart(9, '0')}`;
}

// Random bytes are drawn from a pool refilled 4 KiB at a time: one call into the system's CSPRNG
// per 256 identifiers instead of one per identifier (a payment lifecycle makes about twenty).
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

function randomChunk(n: number): { pool: Buffer; start: number } {
  if (offset + n > POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  const start = offset;
  offset += n;
  return { pool, start };
}
