const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight of `at` on the wall clock of `timeZone` (an IANA name the schema checked). */
export function localMinutes(at: Date, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 60 + minute;
}
