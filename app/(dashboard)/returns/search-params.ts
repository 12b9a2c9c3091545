import { localDay, oneOf, urlFilters } from '@/lib/client/url-filters';

/**
 * The returns list's place in the URL: `direction` and `status` under the API's own names, the
 * created range as local days (`created_from`, `created_to`: `YYYY-MM-DD`, as the payments list
 * keeps them) and the cursor.
 */
export const RETURNS_LIMIT = 20;

export const DIRECTIONS = { incoming: 'Coming back to us', outgoing: 'Going back from us' } as const;
export const STATUSES = { requested: 'Requested', returned: 'Returned', refused: 'Refused' } as const;

const keysOf = <T extends object>(table: T) => Object.keys(table) as (keyof T & string)[];

/** The list's filters, as `GET /returns` and `GET /returns/export` take them. */
export const RETURN_FILTERS = urlFilters({
  direction: oneOf(keysOf(DIRECTIONS)),
  status: oneOf(keysOf(STATUSES)),
  created_from: localDay('start'),
  created_to: localDay('end'),
});
