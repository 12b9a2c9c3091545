/** The payments list's URL (filters and cursor) → the gateway's `GET /payments` query, on either side. */
export const PAYMENTS_LIMIT = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A `YYYY-MM-DD` day of the URL → Unix seconds at the start (or end) of that day in the local time
 * zone. The server's zone may differ from the browser's: its query then differs, and the browser
 * fetches its own instead of using the server's first page.
 */
function daySeconds(day: string, end: boolean): number | undefined {
  if (!DAY.test(day)) return undefined;
  const t = new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`).getTime();
  return Number.isNaN(t) ? undefined : Math.floor(t / 1000);
}

export function paymentsQuery(params: URLSearchParams): string {
  const cursor = params.get('cursor') ?? '';
  const status = params.get('status') ?? '';
  const prefix = (params.get('payment_id') ?? '').trim();
  const from = daySeconds(params.get('created_from') ?? '', false);
  const to = daySeconds(params.get('created_to') ?? '', true);
  return new URLSearchParams({
    limit: String(PAYMENTS_LIMIT),
    ...(cursor ? { cursor } : {}),
    ...(status ? { status } : {}),
    ...(prefix ? { payment_id: prefix } : {}),
    ...(from !== undefined ? { created_from: String(from) } : {}),
    ...(to !== undefined ? { created_to: String(to) } : {}),
  }).toString();
}
