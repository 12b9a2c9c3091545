import { describe, expect, it } from 'vitest';
import { formatLocal, formatLocalClock, formatLocalDay, formatLocalHourMinute, formatUtc } from './time';

const MEDIUM: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
// Midnight, noon, the hours either side of them, leap days, years apart, every month.
const MOMENTS = [
  '2026-11-24T22:05:20Z',
  '2026-01-02T03:04:05Z',
  '2024-02-29T00:00:00Z',
  '2024-02-29T12:00:00Z',
  '2026-03-29T00:59:59Z',
  '2026-03-29T01:00:00Z',
  '2026-10-25T00:30:00Z',
  '2026-10-25T01:30:00Z',
  '1999-12-31T23:59:59Z',
  '2038-01-19T03:14:08Z',
  ...Array.from({ length: 12 }, (_, m) => `2027-${String(m + 1).padStart(2, '0')}-15T11:59:00Z`),
].map((iso) => new Date(iso));

/** Runs `check` with the process's zone set to `zone` (Node reads TZ afresh), then puts it back. */
function inZone(zone: string, check: () => void) {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('times on screen', () => {
  it('print in one format with the zone named, UTC for the server and the hover text', () => {
    expect(formatUtc(new Date('2026-11-24T22:05:20Z'))).toBe('Nov 24, 2026, 10:05:20 PM UTC');
    expect(formatUtc(new Date('2026-01-02T03:04:05Z'))).toBe('Jan 2, 2026, 3:04:05 AM UTC');
  });

  it("print what Intl's en-US medium format prints, without Intl", () => {
    const utc = new Intl.DateTimeFormat('en-US', { ...MEDIUM, timeZone: 'UTC' });
    // Intl separates the time from AM/PM by a narrow no-break space in some ICU versions.
    const plain = (s: string) => s.replace(/\u202f/g, ' ');
    for (const d of MOMENTS) expect(formatUtc(d)).toBe(`${plain(utc.format(d))} UTC`);
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'])
      inZone(zone, () => {
        const local = new Intl.DateTimeFormat('en-US', { ...MEDIUM, timeZone: zone });
        for (const d of MOMENTS)
          expect(formatLocal(d).startsWith(`${plain(local.format(d))} `), zone).toBe(true);
      });
  });

  it("name the reader's zone by its offset, summer time included", () => {
    const names = (zone: string) => {
      let out: string[] = [];
      inZone(zone, () => {
        out = ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z'].map((iso) =>
          formatLocal(new Date(iso)).replace(/^.* (AM|PM) /, ''),
        );
      });
      return out;
    };
    expect(names('UTC')).toEqual(['UTC', 'UTC']);
    expect(names('Europe/London')).toEqual(['GMT', 'GMT+1']);
    expect(names('Europe/Berlin')).toEqual(['GMT+1', 'GMT+2']);
    expect(names('Asia/Kolkata')).toEqual(['GMT+5:30', 'GMT+5:30']);
    expect(names('Pacific/Chatham')).toEqual(['GMT+13:45', 'GMT+12:45']);
    // North America's zones by their letters, as Intl's en-US names them.
    expect(names('America/New_York')).toEqual(['EST', 'EDT']);
    expect(names('America/Chicago')).toEqual(['CST', 'CDT']);
    expect(names('America/Denver')).toEqual(['MST', 'MDT']);
    expect(names('America/Phoenix')).toEqual(['MST', 'MST']);
    expect(names('America/Los_Angeles')).toEqual(['PST', 'PDT']);
    expect(names('America/Anchorage')).toEqual(['AKST', 'AKDT']);
    expect(names('Pacific/Honolulu')).toEqual(['HST', 'HST']);
    expect(names('America/Halifax')).toEqual(['AST', 'ADT']);
    expect(names('America/Mexico_City')).toEqual(['CST', 'CST']);
  });

  it("name the zone as Intl's en-US short names do", () => {
    const zones = [
      ...['New_York', 'Chicago', 'Denver', 'Phoenix', 'Los_Angeles', 'Anchorage', 'Halifax'].map(
        (city) => `America/${city}`,
      ),
      ...['Pacific/Honolulu', 'America/Mexico_City', 'America/Regina', 'America/Puerto_Rico'],
      ...['Europe/Berlin', 'Europe/Paris', 'Asia/Kolkata', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'],
      ...['America/Sao_Paulo', 'America/St_Johns', 'Africa/Johannesburg', 'Pacific/Chatham'],
      ...['Europe/London', 'Europe/Dublin', 'Atlantic/Reykjavik', 'Africa/Abidjan'],
    ];
    for (const zone of zones)
      inZone(zone, () => {
        const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
        for (const d of MOMENTS)
          expect(formatLocal(d).replace(/^.* (AM|PM) /, ''), `${zone} ${d.toISOString()}`).toBe(
            short.format(d).replace(/^.*, /, ''),
          );
      });
  });

  it("print a day and a clock time in the reader's zone", () => {
    inZone('Europe/Berlin', () => {
      const d = new Date('2026-11-24T23:05:20Z'); // 00:05 on the 25th in Berlin
      expect(formatLocalDay(d)).toBe('Nov 25, 2026');
      expect(formatLocalHourMinute(d)).toBe('00:05');
      expect(formatLocalClock(d)).toBe('12:05 AM');
      expect(formatLocalClock(new Date('2026-11-24T15:30:00Z'))).toBe('04:30 PM');
      expect(formatLocalHourMinute(new Date('2026-11-24T15:30:00Z'))).toBe('16:30');
    });
  });
});
