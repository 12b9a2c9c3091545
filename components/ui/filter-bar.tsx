'use client';

import type { ReactNode } from 'react';
import { fromLocalInput, toLocalInput } from '@/lib/client/time';
import type { FilterField as Described, FilterKind } from '@/lib/client/url-filters';
import type { Action } from '@/lib/domain/permissions';
import { Button } from './button';
import { ExportLink } from './export-link';
import { Field, SelectField } from './field';
import { FilterField } from './filter-field';
import { LINK } from './styles';

/** A list's filters as `useUrlFilters` gives them: what the bar draws and sets. */
interface ListFilters {
  filters: Record<string, unknown>;
  fields: ReadonlyArray<{ key: string; kind: FilterKind<unknown>; field: Described }>;
  gateway: Record<string, string>;
  active: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each list's own filter names
  set: (updates: any) => void;
  clear: () => void;
}

/** The field of one declared filter. */
function FilterInput({
  name,
  kind,
  field,
  list,
}: {
  name: string;
  kind: FilterKind<unknown>;
  field: Described;
  list: ListFilters;
}) {
  const value = (list.filters[name] as string | undefined) ?? '';
  const set = (v: string | undefined) => list.set({ [name]: v });
  const { label, id } = field;
  if (field.component) return <field.component id={id} label={label} value={value} onValue={set} />;
  if (field.options)
    return (
      <SelectField label={label} id={id} value={value} onChange={(e) => set(e.target.value)}>
        {field.any === null ? null : <option value="">{field.any ?? 'Any'}</option>}
        {Object.entries(field.options).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </SelectField>
    );
  if (kind.input?.type === 'date') {
    // A range's days bound each other: the start's latest is the end, the end's earliest the start.
    const other = list.fields.find((f) => f.kind.input?.type === 'date' && f.key !== name);
    const bound = (other && (list.filters[other.key] as string | undefined)) || undefined;
    const start = list.fields.findIndex((f) => f.key === name) < list.fields.findIndex((f) => f === other);
    return (
      <Field
        label={label}
        id={id}
        type="date"
        value={value}
        {...(start ? { max: bound } : { min: bound })}
        onChange={(e) => set(e.target.value)}
      />
    );
  }
  if (kind.input?.type === 'datetime') {
    const { edge } = kind.input;
    return (
      <Field
        label={label}
        id={id}
        type="datetime-local"
        value={toLocalInput(value || null)}
        onChange={(e) => set(fromLocalInput(e.target.value, edge))}
      />
    );
  }
  const input = (
    <FilterField
      label={label}
      id={id}
      {...field.input}
      error={field.error?.(value, list.filters)}
      value={value}
      onValue={set}
      {...(field.normalize ? { normalize: field.normalize } : {})}
    />
  );
  return field.wrap ? <div className={field.wrap}>{input}</div> : input;
}

/**
 * A list's filter bar, one for every list, drawn from the list's declared filters: a field for
 * each (`urlFilters`, lib/client/url-filters.ts; in a `grid` when given), the chips of those set
 * from elsewhere, anything else the list needs (`children`), "Clear filters" while any is set, and
 * the export of what the table shows — the same gateway filters the table sends, so the CSV holds
 * the rows on screen and the ones after them.
 */
export function FilterBar({
  label,
  list,
  exportTo,
  may = () => true,
  grid,
  className = 'flex flex-wrap items-end gap-3',
  children,
}: {
  /** The form's accessible name ("Filter the returns"). */
  label: string;
  /** The list's filters (`useUrlFilters`). */
  list: ListFilters;
  exportTo?: {
    /** The gateway's export route, e.g. `/returns/export`. */
    path: string;
    /** What the list holds, plural ("returns"): "Export these returns as CSV" / "Export all returns as CSV". */
    noun: string;
    /** The link's text when the noun's does not fit. */
    text?: ReactNode;
    /** The namespace the list shows; absent for organization-wide lists. */
    partnerId?: string | null;
    /** More of the gateway's query than the filters (the order). */
    extra?: Record<string, string | undefined>;
  };
  /** Whether the reader may do an action (a field shown `only` to some). */
  may?: (action: Action) => boolean;
  /** The fields' grid (a fieldset of its own), when they are many. */
  grid?: string;
  className?: string;
  children?: ReactNode;
}) {
  const shown = list.fields.filter(({ field }) => !field.only || may(field.only));
  const fields = shown
    .filter(({ field }) => !field.chip)
    .map(({ key, kind, field }) => (
      <FilterInput key={key} name={key} kind={kind} field={field} list={list} />
    ));
  const chips = shown
    .filter(({ key, field }) => field.chip && list.filters[key])
    .map(({ key, field }) => (
      <span
        key={key}
        className="rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
      >
        {field.label} {list.filters[key] as string}{' '}
        <button
          type="button"
          className={`ml-1 ${LINK}`}
          aria-label={`Remove the ${field.chip} filter`}
          onClick={() => list.set({ [key]: undefined })}
        >
          ×
        </button>
      </span>
    ));
  return (
    <form className={className} onSubmit={(e) => e.preventDefault()} aria-label={label}>
      {grid ? (
        <fieldset className={grid}>
          <legend className="sr-only">Filters</legend>
          {fields}
        </fieldset>
      ) : (
        fields
      )}
      {chips}
      {children}
      {list.active ? (
        <Button type="button" variant="secondary" onClick={list.clear}>
          Clear filters
        </Button>
      ) : null}
      {exportTo ? (
        <ExportLink
          path={exportTo.path}
          filters={{ ...list.gateway, ...exportTo.extra }}
          partnerId={exportTo.partnerId}
          className="ml-auto self-center"
        >
          {exportTo.text ?? `Export ${list.active ? 'these' : 'all'} ${exportTo.noun} as CSV`}
        </ExportLink>
      ) : null}
    </form>
  );
}
