/**
 * Times on screen: one format everywhere, with its zone ("Nov 24, 2026, 10:05:20 PM UTC"), in the
 * reader's zone (`formatLocal`) or in UTC (`formatUtc`: the server's rendering and the hover text).
 */
const TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
// One formatter each, built once: building one costs more than formatting with it, and a list
// formats a time or two a row.
const LOCAL = new Intl.DateTimeFormat('en-US', TIME_FORMAT);
const UTC = new Intl.DateTimeFormat('en-US', { ...TIME_FORMAT, timeZone: 'UTC' });
const ZONE = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' });
export const formatLocal = (d: Date) => `${LOCAL.format(d)} ${zoneName(d)}`;
export const formatUtc = (d: Date) => `${UTC.format(d)} UTC`;
/** The reader's zone's short name at `d` ("UTC", "CET", "GMT+2"): it changes with summer time. */
function zoneName(d: Date): string {
  return ZONE.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? '';
}
/** Unix seconds in the reader's zone, with the zone named. */
export const when = (seconds: number) => formatLocal(new Date(seconds * 1000));

const pad = (n: number) => String(n).padStart(2, '0');

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
