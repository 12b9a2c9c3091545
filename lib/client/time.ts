/**
 * Times on screen: one format everywhere, with its zone ("Nov 24, 2026, 10:05:20 PM UTC"), in the
 * reader's zone (`formatLocal`) or in UTC (`formatUtc`: the server's rendering and the hover text).
 *
 * Written out rather than asked of `Intl.DateTimeFormat`: the first `Intl` object loads ICU's
 * locale data, 70–200 ms of a phone's main thread on every first load (lib/domain/numbers.ts). The
 * text is what `Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })` prints
 * (lib/client/time-format.test.ts compares them); the reader's zone is named as that formatter's
 * short names name it: North America's zones by their letters ("EST", "PDT"), the others by their
 * offset ("UTC", "GMT+1", "GMT+5:30").
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}
const utcParts = (d: Date): Parts => ({
  year: d.getUTCFullYear(),
  month: d.getUTCMonth(),
  day: d.getUTCDate(),
  hours: d.getUTCHours(),
  minutes: d.getUTCMinutes(),
  seconds: d.getUTCSeconds(),
});
const localParts = (d: Date): Parts => ({
  year: d.getFullYear(),
  month: d.getMonth(),
  day: d.getDate(),
  hours: d.getHours(),
  minutes: d.getMinutes(),
  seconds: d.getSeconds(),
});

/** "Nov 24, 2026" */
const day = (p: Parts) => `${MONTHS[p.month]} ${p.day}, ${p.year}`;
/** "10:05:20 PM" */
const clock = (p: Parts) =>
  `${p.hours % 12 || 12}:${pad(p.minutes)}:${pad(p.seconds)} ${p.hours < 12 ? 'AM' : 'PM'}`;

/** "Nov 24, 2026, 10:05:20 PM" */
const dayAndClock = (p: Parts) => `${day(p)}, ${clock(p)}`;

/** The reader's day and clock of `d`, its zone named: ["Nov 24, 2026,", "10:05:20 PM UTC"]. */
const localDayAndClock = (d: Date): [string, string] => {
  const p = localParts(d);
  return [`${day(p)},`, `${clock(p)} ${zoneName(d)}`];
};

export const formatLocal = (d: Date) => localDayAndClock(d).join(' ');
export const formatUtc = (d: Date) => `${dayAndClock(utcParts(d))} UTC`;
/** The reader's calendar day of `d`: "Nov 24, 2026". */
export const formatLocalDay = (d: Date) => day(localParts(d));
/** The UTC calendar day of `d` (a server's rendering of `formatLocalDay`). */
export const formatUtcDay = (d: Date) => day(utcParts(d));
/** The reader's hour and minute of `d` on a 24-hour clock: "16:05", "00:30". */
export const formatLocalHourMinute = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
/** The reader's hour and minute of `d` on a 12-hour clock: "04:05 PM". */
export const formatLocalClock = (d: Date) =>
  `${pad(d.getHours() % 12 || 12)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;

/** The zones `Intl`'s en-US short names give letters to, by their long names' first word. */
const LETTERED: Record<string, string> = {
  Atlantic: 'A',
  Eastern: 'E',
  Central: 'C',
  Mountain: 'M',
  Pacific: 'P',
  Alaska: 'AK',
  'Hawaii-Aleutian': 'H',
};
const LONG_NAME =
  /\((Atlantic|Eastern|Central|Mountain|Pacific|Alaska|Hawaii-Aleutian) (Standard|Daylight) Time\)$/;

/**
 * The reader's zone at `d`, as `Intl`'s en-US short names name it: "EST", "PDT", "AKST" for
 * North America's zones (read from the long name `Date#toString` ends with, "(Eastern Standard
 * Time)", which needs none of ICU's locale data: 1–2 µs a call), "GMT" for Greenwich Mean Time
 * (London, Dublin, Reykjavik in winter), else its offset ("UTC", "GMT+1", "GMT+5:30"). The zone
 * at that moment: it changes with summer time. A browser whose language is not English names its
 * zones in that language, and they are given by their offset.
 */
export function zoneName(d: Date): string {
  const offset = -d.getTimezoneOffset();
  const long = d.toString();
  if (offset === 0) return long.endsWith('(Greenwich Mean Time)') ? 'GMT' : 'UTC';
  const lettered = LONG_NAME.exec(long);
  if (lettered) return `${LETTERED[lettered[1]!]}${lettered[2] === 'Standard' ? 'S' : 'D'}T`;
  const abs = Math.abs(offset);
  return `GMT${offset < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 ? `:${pad(abs % 60)}` : ''}`;
}
/** Unix seconds in the reader's zone, with the zone named. */
export const when = (seconds: number) => formatLocal(new Date(seconds * 1000));
/** `when`'s text in its two parts, the day and the clock: ["Nov 24, 2026,", "10:05:20 PM UTC"]. */
export const whenParts = (seconds: number) => localDayAndClock(new Date(seconds * 1000));

/** Unix seconds → the value of an `<input type="datetime-local">`, in the browser's time zone. */
export function toLocalInput(seconds: string | null): string {
  if (!seconds || !/^\d+$/.test(seconds)) return '';
  const d = new Date(Number(seconds) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value → Unix seconds. The input has minute precision, so the upper bound takes
 * the whole minute (`:59`): "to 10:05" includes an event at 10:05:30.
 */
export function fromLocalInput(value: string, edge: 'start' | 'end'): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return undefined;
  return String(Math.floor(ms / 1000) + (edge === 'end' ? 59 : 0));
}
