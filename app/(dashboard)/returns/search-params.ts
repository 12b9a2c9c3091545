import type { ReturnFilters } from '@/lib/client/queries/returns';

/**
 * The returns list's place in the URL: `direction` and `status` under the API's own names, the
 * created range as local days (`created_from`, `created_to`: `YYYY-MM-DD`, as the payments list
 * keeps them) and the cursor. Values the gateway would refuse are left out.
 */
export const RETURNS_LIMIT = 20;

export const DIRECTIONS = { incoming: 'Coming back to us', outgoing: 'Going back from us' } as const;
export const STATUSES = { requested: 'Requested', returned: 'Returned', refused: 'Refused' } as const;

/** The list's filters as the URL holds them. */
export interface ReturnUrlFilters {
  direction?: keyof typeof DIRECTIONS;
  status?: keyof typeof STATUSES;
  created_from?: string;
  created_to?: string;
}
export const RETURN_FILTERS = ['direction', 'status', 'created_from', 'created_to'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends object>(table: T, v: string | null) =>
  v !== null && Object.hasOwn(table, v) ? (v as keyof T) : undefined;

/** The URL's filters, the malformed ones left out. */
export function readReturnFilters(params: URLSearchParams): ReturnUrlFilters {
  const day = (key: string) => {
    const v = params.get(key) ?? '';
    return DAY.test(v) ? v : undefined;
  };
  return {
    direction: oneOf(DIRECTIONS, params.get('direction')),
    status: oneOf(STATUSES, params.get('status')),
    created_from: day('created_from'),
    created_to: day('created_to'),
  };
}

/** A local day → Unix seconds at its start (or its end). */
function daySeconds(day: string | undefined, end: boolean): string | undefined {
  if (!day) return undefined;
  const t = new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`).getTime();
  return Number.isNaN(t) ? undefined : String(Math.floor(t / 1000));
}

/** The URL's filters as `GET /returns` and `GET /returns/export` take them (no paging). */
export function gatewayFilters(f: ReturnUrlFilters): Omit<ReturnFilters, 'cursor' | 'limit'> {
  return {
    direction: f.direction,
    status: f.status,
    created_from: daySeconds(f.created_from, false),
    created_to: daySeconds(f.created_to, true),
  };
}
