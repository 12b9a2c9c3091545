/**
 * What the intraday chart shows of its 24 hours: the window around the day's movement, its hour
 * ticks, and its cut-offs grouped so that their labels never sit on each other. Times are Unix
 * seconds; ticks fall on round times of the reader's clock (the zone the chart names).
 */

const MINUTE = 60;
/** The series' step: five minutes (lib/services/liquidity/ledger.ts). */
const STEP = 5 * MINUTE;
const HOUR = 3600;
/** The narrowest window: an hour, so a burst of payments reads as steps (a twelfth of it each). */
export const MIN_WINDOW = HOUR;
/** Tick spacings, in minutes, the first that gives at most `MAX_TICKS` ticks in the window. */
const TICK_STEPS = [5, 10, 15, 30, 60, 120, 180, 360];
const MAX_TICKS = 6;

export interface Step {
  at: number;
  position: string;
}

/**
 * From a little before the day's first movement to the latest step, at least `MIN_WINDOW` wide; the
 * whole series when nothing moved (a flat line says as much over 24 hours as over two). A movement
 * is a step whose position differs from the one before it, or a cut-off (`events`): a payment and
 * its cut-off in one 5-minute step leave the steps level, but the day moved. The padding before
 * the first movement is a tenth of the span after it, in whole steps, so the level it started from
 * shows.
 */
export function movementWindow(
  points: Step[],
  events: number[] = [],
): { from: number; to: number; whole: boolean } {
  const first = points[0]?.at ?? 0;
  const to = points.at(-1)?.at ?? 0;
  const moved = points.findIndex((p, i) => i > 0 && p.position !== points[i - 1]!.position);
  // The step before a move holds the level it started from; an event lies inside its step.
  const starts = [
    ...(moved > 0 ? [points[moved - 1]!.at] : []),
    ...events.filter((t) => t >= first && t <= to).map((t) => Math.floor(t / STEP) * STEP),
  ];
  if (starts.length === 0) return { from: first, to, whole: true };
  const start = Math.min(...starts);
  const padded = start - Math.ceil((to - start) / 10 / STEP) * STEP;
  const from = Math.max(first, Math.min(padded, to - MIN_WINDOW));
  return { from, to, whole: from === first };
}

/**
 * Ticks on round times of the reader's clock inside [from, to]: every 5, 10, 15 or 30 minutes or
 * 1, 2, 3 or 6 hours, the first spacing that gives at most six. `offsetMinutes(t)` is the reader's
 * offset from UTC at t (what `-new Date(t * 1000).getTimezoneOffset()` gives), so that "every 3
 * hours" means 09:00, 12:00… on the reader's clock, summer time included.
 */
export function timeTicks(from: number, to: number, offsetMinutes: (t: number) => number): number[] {
  const span = to - from;
  const step = (TICK_STEPS.find((m) => Math.floor(span / (m * MINUTE)) + 1 <= MAX_TICKS) ?? 360) * MINUTE;
  const ticks: number[] = [];
  // Every 5 minutes of the window (at most 289), kept where the reader's clock is a multiple of the step.
  for (let t = Math.ceil(from / (5 * MINUTE)) * 5 * MINUTE; t <= to; t += 5 * MINUTE) {
    const local = t + offsetMinutes(t) * MINUTE;
    if (((local % step) + step) % step === 0) ticks.push(t);
  }
  return ticks;
}

export interface CutoffGroup {
  /** Where the group's line is drawn: its latest cut-off. */
  at: number;
  batchIds: string[];
}

/**
 * The cut-offs inside the window, those closer to each other than a sixth of the window drawn as
 * one line ("2 cut-offs"): two labels a few minutes apart were drawn over each other ("CuCut-off").
 */
export function cutoffGroups(
  cutoffs: Array<{ at: number; batch_id: string }>,
  from: number,
  to: number,
): CutoffGroup[] {
  const near = (to - from) / 6;
  const groups: CutoffGroup[] = [];
  for (const c of [...cutoffs].sort((a, b) => a.at - b.at)) {
    if (c.at < from || c.at > to) continue;
    const last = groups.at(-1);
    if (last && c.at - last.at < near) {
      last.at = c.at;
      last.batchIds.push(c.batch_id);
    } else groups.push({ at: c.at, batchIds: [c.batch_id] });
  }
  return groups;
}
