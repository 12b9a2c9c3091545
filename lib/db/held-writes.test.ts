import { describe, expect, it } from 'vitest';
import { flushHeldWrites, holdWrites } from './held-writes';

describe('held writes', () => {
  it('are all flushed on a stop, one failing flush not keeping the others', async () => {
    const flushed: string[] = [];
    const removals = [
      holdWrites(async () => {
        flushed.push('counts');
      }),
      holdWrites(async () => {
        throw new Error('the store is gone');
      }),
      holdWrites(async () => {
        await new Promise((r) => setTimeout(r, 50));
        flushed.push('slow');
      }),
    ];
    const removed = holdWrites(async () => {
      flushed.push('removed');
    });
    removed();
    await flushHeldWrites();
    expect(flushed.sort()).toEqual(['counts', 'slow']);
    for (const remove of removals) remove();
    flushed.length = 0;
    await flushHeldWrites();
    expect(flushed).toEqual([]);
  });
});
