/**
 * Writes a process holds in memory and makes later, in batches, registered by holders the
 * process's stop (lib/server) may not import: the rate limiters' counts (lib/api). A stop flushes
 * them before the database (or Redis) is closed, so a graceful stop loses none of them. Only a
 * process's own holders register (one each); a holder made per database handle would keep every
 * handle a test opens.
 */
const flushes = new Set<() => Promise<void>>();

/** Registers a holder's flush; returns its removal. */
export function holdWrites(flush: () => Promise<void>): () => void {
  flushes.add(flush);
  return () => flushes.delete(flush);
}

/** Makes every held write, each holder's flush at once; a failing flush does not stop the others. */
export async function flushHeldWrites(): Promise<void> {
  await Promise.allSettled([...flushes].map((flush) => flush()));
}
