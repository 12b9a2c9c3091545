import { describe, expect, it } from 'vitest';
import { cutoffGroups, MIN_WINDOW, movementWindow, timeTicks } from './intraday-window';

const STEP = 300;
/** 24 hours of 5-minute steps ending at `end`, the position `at(i)` at step i. */
const day = (end: number, at: (i: number) => string) =>
  Array.from({ length: 288 }, (_, i) => ({ at: end - (287 - i) * STEP, position: at(i) }));
const END = 1_764_410_400; // 2025-11-29T10:00:00Z

describe('movementWindow', () => {
  it('a day that never moved is shown whole', () => {
    expect(movementWindow(day(END, () => '0'))).toEqual({ from: END - 287 * STEP, to: END, whole: true });
  });

  it('a morning that moved in its last 20 minutes: an hour before now, not the day', () => {
    const w = movementWindow(day(END, (i) => (i >= 284 ? '2500' : '0')));
    expect(w).toEqual({ from: END - MIN_WINDOW, to: END, whole: false });
  });

  it('movement since 6 hours: from the step before it, less a tenth of the span in whole steps', () => {
    // The first move at step 216 (6 h before the end); the level before it at step 215.
    const w = movementWindow(day(END, (i) => (i >= 216 ? String(i) : '0')));
    const start = END - 72 * STEP;
    expect(w.from).toBe(start - 8 * STEP);
    expect(w.whole).toBe(false);
  });

  it('a payment and its cut-off inside one step: the steps stay level, the cut-off makes the window', () => {
    const w = movementWindow(
      day(END, () => '0'),
      [END - 200, END - 100],
    );
    expect(w).toEqual({ from: END - MIN_WINDOW, to: END, whole: false });
    // A cut-off before the series is none of its movement.
    expect(
      movementWindow(
        day(END, () => '0'),
        [END - 90_000],
      ).whole,
    ).toBe(true);
  });

  it('movement from the first steps: the whole window', () => {
    expect(movementWindow(day(END, (i) => String(i))).whole).toBe(true);
  });
});

describe('timeTicks', () => {
  const utc = () => 0;
  it('two hours: every 30 minutes on the clock', () => {
    const ticks = timeTicks(END - 7200, END, utc);
    expect(ticks.map((t) => new Date(t * 1000).toISOString().slice(11, 16))).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
    ]);
  });

  it('24 hours: every 6 hours on the reader’s clock (UTC+5:30 here)', () => {
    const ticks = timeTicks(END - 86400, END, () => 330);
    const local = ticks.map((t) => new Date((t + 330 * 60) * 1000).toISOString().slice(11, 16));
    expect(local).toEqual(['18:00', '00:00', '06:00', '12:00']);
  });

  it('never more than six ticks, never outside the window', () => {
    for (const span of [600, 3600, 5 * 3600, 13 * 3600, 86400]) {
      const ticks = timeTicks(END - span, END, utc);
      expect(ticks.length, String(span)).toBeLessThanOrEqual(6);
      expect(ticks.length, String(span)).toBeGreaterThanOrEqual(1);
      for (const t of ticks) expect(t >= END - span && t <= END).toBe(true);
    }
  });
});

describe('cutoffGroups', () => {
  it('cut-offs minutes apart are one line; hours apart, their own; outside the window, none', () => {
    const cutoffs = [
      { at: END - 3600, batch_id: 'b1' },
      { at: END - 3540, batch_id: 'b2' },
      { at: END - 3480, batch_id: 'b3' },
      { at: END - 600, batch_id: 'b4' },
      { at: END - 90000, batch_id: 'b0' },
    ];
    expect(cutoffGroups(cutoffs, END - 7200, END)).toEqual([
      { at: END - 3480, batchIds: ['b1', 'b2', 'b3'] },
      { at: END - 600, batchIds: ['b4'] },
    ]);
  });
});
