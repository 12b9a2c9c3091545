/**
 * The list's filters live in the URL under the API's own names: `status`, `cutoff_from` and
 * `cutoff_to` (Unix seconds, inclusive) and `page`. The form shows them as local date-times.
 */
export const BATCH_STATUSES = ['COMPLETED', 'PROCESSING', 'FAILED'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → the value of an `<input type="datetime-local">`, in the browser's time zone. */
export function toLocalInput(seconds: string | null): string {
  if (!seconds || !/^\d+$/.test(seconds)) return '';
  const d = new Date(Number(seconds) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value → Unix seconds. The input has minute precision, so the upper bound takes
 * the whole minute (`:59`): "to 10:05" includes a cut-off at 10:05:30.
 */
export function fromLocalInput(value: string, edge: 'start' | 'end'): string | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return undefined;
  return String(Math.floor(ms / 1000) + (edge === 'end' ? 59 : 0));
}
