import type { ComponentType, InputHTMLAttributes } from 'react';
import type { Action } from '@/lib/domain/permissions';

/**
 * A list's filters in the URL, typed: each list declares its filters once (`urlFilters({...})`),
 * each with its kind and, for the filter bar, its label and options (a descriptor, as Medusa's
 * filters carry theirs) — and every part of the screen reads them from that one declaration: the
 * fields the filter bar draws (components/ui/filter-bar.tsx), the typed filters object they show,
 * the gateway's query the table and the export link send (so the CSV holds what the table shows),
 * whether any is set, and the updates that clear them. A value the kind refuses (a malformed day,
 * an unknown status) is left out, as if absent: the gateway would refuse it, and a hand-edited URL
 * still opens the list.
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
  /** The value when the URL names none (a list always on one of its tabs); not counted as set. */
  fallback?: T;
  /** The field that edits it, when not a text field: a day, or a local date-time at an edge. */
  input?: { type: 'date' } | { type: 'datetime'; edge: 'start' | 'end' };
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

/**
 * One of a fixed set of values (a status, a direction): a list of them, or a table of them with
 * their labels (its keys). `fallback`: the value when the URL names none.
 */
export function oneOf<K extends string>(
  values: readonly K[] | Readonly<Record<K, string>>,
  { fallback }: { fallback?: K } = {},
): FilterKind<K> {
  const allowed: readonly string[] = Array.isArray(values) ? values : Object.keys(values);
  return { read: (raw) => (allowed.includes(raw) ? (raw as K) : undefined), fallback };
}

/** Text of a given form. */
const matching = (form: RegExp): FilterKind<string> => ({
  read: (raw) => (form.test(raw) ? raw : undefined),
});

/** An ISO 4217 code. */
export const currencyCode = (): FilterKind<string> => matching(/^[A-Z]{3}$/);

/**
 * An instant as Unix seconds, sent as it is; its field is a local date-time, whose minute is read
 * at its first second (`start`) or its last (`end`, `fromLocalInput`).
 */
export const unixSeconds = (edge: 'start' | 'end' = 'start'): FilterKind<string> => ({
  ...matching(/^\d{1,11}$/),
  input: { type: 'datetime', edge },
});

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
  input: { type: 'date' },
});

/** A field of a screen's own, for a filter no common field fits (a select whose options are read). */
export type FilterComponent = ComponentType<{
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
}>;

/**
 * How the filter bar shows a filter (components/ui/filter-bar.tsx draws it): a select when it has
 * `options`, a date or date-time field as its kind says, else a text field that follows typing.
 * A filter with no `label` has no field (a screen sets it another way: a link, a row's button).
 */
export interface FilterField {
  label: string;
  id: string;
  /** A select's choices, value → label, after the one that sets no filter (`any`, "Any"). */
  options?: Readonly<Record<string, string>>;
  /** The choice that sets no filter; null: none (a filter with a `fallback` is always one of its options). */
  any?: string | null;
  /** The text field's own attributes (placeholder, inputMode, maxLength…) and its class. */
  input?: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'placeholder' | 'inputMode' | 'maxLength' | 'autoCapitalize' | 'type' | 'className'
  >;
  /** A box around the field (a search across the row: `w-full max-w-md`). */
  wrap?: string;
  /** What the URL takes from what is typed; null leaves it as it is (not yet valid). */
  normalize?: (typed: string) => string | null;
  /** What is wrong with the value as typed (the field says it; the kind leaves it unsent). */
  error?: (value: string, filters: Record<string, unknown>) => string | undefined;
  /** Shown only to those who may do this (the operator's organization filter on the audit trail). */
  only?: Action;
  /**
   * Shown while set as a removable chip (its label and value), not as a field: a filter set from
   * elsewhere (a payment's transaction, from a link). What its button removes ("transaction id").
   */
  chip?: string;
  /** A field of the screen's own (its options read from the gateway, tabs). */
  component?: FilterComponent;
}

/** A filter: its kind, and how its field shows (absent: in the URL, without a field). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each filter keeps its own value type
type Filter<T = any> = FilterKind<T> | ({ kind: FilterKind<T> } & FilterField);

type Spec = Record<string, Filter>;

/** The value type of a filter. */
type ValueOf<F> = F extends { kind: FilterKind<infer T> } ? T : F extends FilterKind<infer T> ? T : never;

/** A list's typed filters: each present only when set (and well formed). */
type FiltersOf<S extends Spec> = {
  [K in keyof S]?: ValueOf<S[K]>;
};

/** A filter's kind, whether declared bare or with its field. */
const kindOf = <T>(f: Filter<T>): FilterKind<T> => ('kind' in f ? f.kind : f);

/** A filter's field, when it has one. */
const fieldOf = (f: Filter): FilterField | null => ('kind' in f && 'label' in f ? f : null);

export interface UrlFilters<S extends Spec> {
  /** The filters' URL names, in their declared order. */
  keys: readonly (keyof S & string)[];
  /** The filters that have a field, in their declared order, each with its kind. */
  fields: ReadonlyArray<{ key: keyof S & string; kind: FilterKind<unknown>; field: FilterField }>;
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
  const kinds = Object.fromEntries(keys.map((k) => [k, kindOf(spec[k]!)])) as Record<
    keyof S & string,
    FilterKind<unknown>
  >;
  return {
    keys,
    fields: keys.flatMap((key) => {
      const field = fieldOf(spec[key]!);
      return field ? [{ key, kind: kinds[key], field }] : [];
    }),
    read(params) {
      const out: Record<string, unknown> = {};
      for (const k of keys) {
        const raw = params.get(k);
        const v = (raw === null ? undefined : kinds[k].read(raw)) ?? kinds[k].fallback;
        if (v !== undefined) out[k] = v;
      }
      return out as FiltersOf<S>;
    },
    gateway(filters) {
      const out: Record<string, string> = {};
      for (const k of keys) {
        const v = filters[k];
        if (v === undefined) continue;
        const kind = kinds[k];
        const sent = kind.toGateway ? kind.toGateway(v, filters) : String(v);
        if (sent !== undefined) out[kind.gatewayName ?? k] = sent;
      }
      return out;
    },
    active: (filters) => keys.some((k) => filters[k] !== undefined && filters[k] !== kinds[k].fallback),
    cleared: Object.fromEntries(keys.map((k) => [k, undefined])) as Record<keyof S & string, undefined>,
  };
}

/** A currency code as typed: upper-cased, and taken once it is three letters (or cleared). */
export function currencyTyped(typed: string): string | null {
  const v = typed.trim().toUpperCase();
  return v === '' || /^[A-Z]{3}$/.test(v) ? v : null;
}
