import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export type IdPrefix =
  | 'org' | 'part' | 'api' | 'acct' | 'cus' | 'link' | 'sub' | 'adm' | 'task' | 'txn' | 'line'
  | 'exc' | 'batch' | 'wh' | 'evt' | 'usr' | 'pay' | 'dlv' | 'att';

/**
 * Opaque, roughly time-ordered identifiers: `<prefix>_<9 chars of time><16 random chars>`.
 * Time first keeps B-tree inserts local; 16 base36 chars carry ~82 bits of randomness.
 */
export function newId(prefix: IdPrefix): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const bytes = randomBytes(16);
  let rand = '';
  for (const b of bytes) rand += ALPHABET[b % 36];
  return `${prefix}_${time}${rand}`;
}
