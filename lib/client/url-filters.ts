/**
 * A list's filters in the URL, typed: each list declares its filters once (`urlFilters({...})`)
 * with a kind per filter, and every part of the screen reads them from that one declaration —
 * the typed filters object the fields show, the gateway's query the table and the export link
 * send (so the CSV holds what the table shows), whether any is set, and the updates that clear
 * them. A value the kind refuses (a malformed day, an unknown status) is left out, as if absent:
 * the gateway would refuse it, and a hand-edited URL still opens the list.
 *
 * Pure: the server reads the same declaration for a list's first page.
 */

/** One filter: how its URL text is read, and how its value is sent to the gateway. */
export interface FilterKind<T> {
  /** The URL's text → the value; undefined when the text is not one (left out). */
  read(raw: string): T | undefined;
  /**
   * The value as the gateway takes it (the URL's own text when absent); `all` holds the list's
   * other filters (an amount is read in the chosen currency). Undefined sends nothing.
   */
  toGateway?(value: T, all: Record<string, unknown>): string | undefined;
  /** The gateway's name for the filter, when it is not the URL's. */
  gatewayName?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Free text, trimmed. The field shows it as the URL holds it; shorter than `min` characters (the
 * gateway's least for a fragment) it is not sent yet.
 */
export const text = ({ min = 1 }: { min?: number } = {}): FilterKind<string> => ({
  read: (raw) => raw.trim() || undefined,
  toGateway: (v) => (v.length >= min ? v : undefined),
});

/** One of a fixed set of values (a status, a direction). */
export const oneOf = <K extends string>(values: readonly K[]): FilterKind<K> => ({
  read: (raw) => ((values as readonly string[]).includes(raw) ? (raw as K) : undefined),
});

/** Text of a given form. */
const matching = (form: RegExp): FilterKind<string> => ({
  read: (raw) => (form.test(raw) ? raw : undefined),
});

/** An ISO 4217 code. */
export const currencyCode = (): FilterKind<string> => matching(/^[A-Z]{3}$/);

/**
 * An instant as Unix seconds (a `datetime-local` field's edge, `fromLocalInput`), sent as it is.
 */
export const unixSeconds = (): FilterKind<string> => matching(/^\d{1,11}$/);

/** A `YYYY-MM-DD` day → Unix seconds at its start (or end) in the local time zone. */
export function daySeconds(day: string, edge: 'start' | 'end'): number | undefined {
  if (!DAY.test(day)) return undefined;
  const t = new Date(`${day}T${edge === 'end' ? '23:59:59' : '00:00:00'}`).getTime();
  return Number.isNaN(t) ? undefined : Math.floor(t / 1000);
}

/**
 * A local day as the URL keeps it (`YYYY-MM-DD`, shareable and readable), sent to the gateway as
 * the Unix seconds of its start (`from`) or end (`to`) in the browser's (or server's) time zone.
 */
export const localDay = (edge: 'start' | 'end'): FilterKind<string> => ({
  read: (raw) => (daySeconds(raw, edge) === undefined ? undefined : raw),
  toGateway: (day) => String(daySeconds(day, edge)),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each filter keeps its own value type
type Spec = Record<string, FilterKind<any>>;

/** A list's typed filters: each present only when set (and well formed). */
type FiltersOf<S extends Spec> = {
  [K in keyof S]?: S[K] extends FilterKind<infer T> ? T : never;
};

export interface UrlFilters<S extends Spec> {
  /** The filters' URL names, in their declared order. */
  keys: readonly (keyof S & string)[];
  /** The URL's filters, the malformed ones left out. */
  read(params: URLSearchParams): FiltersOf<S>;
  /** The filters as the gateway's list and export routes take them. */
  gateway(filters: FiltersOf<S>): Record<string, string>;
  /** Whether any filter is set. */
  active(filters: FiltersOf<S>): boolean;
  /** The URL updates that clear every filter. */
  cleared: Record<keyof S & string, undefined>;
}

export function urlFilters<S extends Spec>(spec: S): UrlFilters<S> {
  const keys = Object.keys(spec) as (keyof S & string)[];
  return {
    keys,
    read(params) {
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        const raw = params.get(k);
        const v = raw === null ? undefined : spec[k].read(raw);
        if (v !== undefined) out[k] = v;
      }
      return out as FiltersOf<S>;
    },
    gateway(filters) {
      const out: Record<string, string> = {};
      for (const k of keys) {
        const v = filters[k];
        if (v === undefined) continue;
        const kind = spec[k];
        const sent = kind.toGateway ? kind.toGateway(v, filters) : String(v);
        if (sent !== undefined) out[kind.gatewayName ?? k] = sent;
      }
      return out;
    },
    active: (filters) => keys.some((k) => filters[k] !== undefined),
    cleared: Object.fromEntries(keys.map((k) => [k, undefined])) as Record<keyof S & string, undefined>,
  };
}
