/**
 * Times on screen: one format everywhere, with its zone ("Nov 24, 2026, 10:05:20 PM UTC"), in the
 * reader's zone (`formatLocal`) or in UTC (`formatUtc`: the server's rendering and the hover text).
 */
const TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
export const formatLocal = (d: Date) => `${d.toLocaleString('en-US', TIME_FORMAT)} ${zoneName(d, undefined)}`;
export const formatUtc = (d: Date) => `${d.toLocaleString('en-US', { ...TIME_FORMAT, timeZone: 'UTC' })} UTC`;
function zoneName(d: Date, timeZone: string | undefined): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZoneName: 'short', timeZone })
      .formatToParts(d)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}
/** Unix seconds in the reader's zone, with the zone named. */
export const when = (seconds: number) => formatLocal(new Date(seconds * 1000));
