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
 * Opaque, time-ordered identifiers: `<prefix>_<9 chars of time><3 chars of sequence><13 random
 * chars>`. Time first keeps B-tree inserts local; within one millisecond of one process the
 * sequence orders them as they were made (a list ordered by id — an inbox's messages, delivered
 * within a millisecond of each other — shows them in that order); 13 base36 chars carry ~67 bits
 * of randomness.
 */
export function newId(prefix: IdPrefix): string {
  let now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence === SEQUENCE_LIMIT) {
    // 46,656 in one millisecond (or a clock gone back): the next millisecond's first.
    lastMs += 1;
    sequence = 0;
  }
  now = lastMs;
  const time = now.toString(36).padStart(9, '0');
  const bytes = randomChunk(13);
  let rand = sequence.toString(36).padStart(3, '0');
  for (let i = bytes.start; i < bytes.start + 13; i++) rand += ALPHABET[bytes.pool[i]! % 36];
  return `${prefix}_${time}${rand}`;
}

const SEQUENCE_LIMIT = 36 ** 3;
let lastMs = 0;
let sequence = 0;

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
