'use client';

import {
  hashKey,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Features } from '@/components/data-table/columns';
import { QueryTable } from '@/components/data-table/query-table';
import { Banner } from '@/components/ui/banner';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageTitle } from '@/components/ui/page-title';
import { useNamespace } from '@/lib/client/namespace';
import type { ListFilters } from '@/lib/client/queries/keys';
import { initialFrom } from '@/lib/client/server-read';
import type { UrlFilters } from '@/lib/client/url-filters';
import { useListOrder, type ListOrder, type Order } from '@/lib/client/use-list-order';
import { usePaging, useUrlFilters, useUrlState, type Paging } from '@/lib/client/use-url-state';
import { type Action, can } from '@/lib/domain/permissions';
import type { ScreenProps } from './screen-props';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each list keeps its own filters' types
type AnyFilters = UrlFilters<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column keeps its own value type
type Columns<Row extends RowData> = ColumnDef<Features, Row, any>[];

/** The direction a list reads in, when a header turns it (`useListOrder`). */
interface OrderSpec {
  column: string;
  natural: Order;
  labels: Record<Order, string>;
}

/** Everything a list screen knows as it renders, for the parts it declares as functions of it. */
export interface ListState<F extends AnyFilters, Data, C> {
  props: ScreenProps;
  /** The selected namespace. */
  ns: string | null;
  /** Whether the reader may do `action` (the table of actions). */
  may: (action: Action) => boolean;
  /** Whether the reader may do what the list's controls do (`manage`). */
  canManage: boolean;
  filters: ReturnType<typeof useUrlFilters<F>>;
  paging: Paging;
  order: ListOrder | undefined;
  query: UseQueryResult<Data>;
  /** The URL: what else the screen keeps there (a drawer's entry, a dialog's record). */
  url: ReturnType<typeof useUrlState>;
  /** Reads every copy of the list's resource again, in every namespace (after a change). */
  invalidate: () => Promise<void>;
  /** What the screen's own hook gave (`useControls`). */
  controls: C;
}

/** A part of the screen: fixed, or made from its state. */
type Part<T, F extends AnyFilters, Data, C> = T | ((s: ListState<F, Data, C>) => T);

/**
 * A list screen, declared: the parts every list has, each from one place — its title and what the
 * list holds (`description`); its filters (`urlFilters` descriptors: the filter bar draws itself
 * from them, and they are the query's and the export's); its query (`(ns, filters)` from
 * lib/client/queries, the cursor and limit inside the filters), rows and columns; its export; who
 * may change it (`manage`, an action of the table) with what they add (`create`) and what everyone
 * else is told (`readOnly`). What a screen does beyond listing — its mutations and their dialogs —
 * is its one hook, `useControls`, whose answer the parts read as `controls`.
 */
export interface ListScreenSpec<F extends AnyFilters, Data, Row extends RowData, C, K extends QueryKey> {
  title: string;
  description?: Part<ReactNode, F, Data, C>;
  /** The list's filters; absent: the list has none (and no filter bar). */
  filters?: F;
  /** The filter bar: its accessible name, and its fields' grid when they are many. */
  filterBar?: { label: string; grid?: string; className?: string };
  /** The list's order, when a header turns it: fixed, or as the filters make it. */
  order?: OrderSpec | ((filters: ReturnType<F['read']>) => OrderSpec);
  query: (ns: string | null, filters: ListFilters) => UseQueryOptions<Data, Error, Data, K>;
  rows: (data: Data) => Row[];
  columns: Part<Columns<Row>, F, Data, C>;
  /** The table's accessible name. */
  caption: string;
  limit: number;
  /** What an empty table says: with no filter set, and with some (`filtered`). */
  empty?: Part<string | { none: string; filtered: string }, F, Data, C>;
  /**
   * The export of what the table shows (the gateway's route and what it holds, plural); its link's
   * text when the noun's does not fit; `organization`: the export is the organization's, not the
   * selected namespace's.
   */
  export?: {
    path: string;
    noun: string;
    text?: (filters: ReturnType<F['read']>) => ReactNode;
    organization?: boolean;
  };
  /** What the list's controls do: `create` and the rows' actions are for those who may. */
  manage?: Action;
  /** What those who may `manage` add here (its form). */
  create?: Part<ReactNode, F, Data, C>;
  /** What everyone else is told: the list is read only, and who may change it. */
  readOnly?: string;
  /** What the screen says first, under its title (banners, a revealed secret, a form of its own). */
  intro?: Part<ReactNode, F, Data, C>;
  /** Above the filters (the payments' search). */
  toolbar?: Part<ReactNode, F, Data, C>;
  /** Between the filters and the table (what the list leaves out). */
  note?: Part<ReactNode, F, Data, C>;
  /** After the table: the dialogs and drawers of `useControls`, a section of its own. */
  after?: Part<ReactNode, F, Data, C>;
  /** The screen's one hook: its mutations and dialogs' state, for the parts above. */
  useControls?: (s: ListState<F, Data, undefined>) => C;
}

const part = <T, F extends AnyFilters, Data, C>(
  p: Part<T, F, Data, C> | undefined,
  s: ListState<F, Data, C>,
) => (typeof p === 'function' ? (p as (s: ListState<F, Data, C>) => T)(s) : p);

/** A list that has no filters still reads the URL's page and order the same way. */
const NO_FILTERS = {
  keys: [],
  fields: [],
  read: () => ({}),
  gateway: () => ({}),
  active: () => false,
  cleared: {},
} satisfies UrlFilters<Record<string, never>>;

/** The order hook, called on every render whether or not the list has an order. */
function useOrder(spec: OrderSpec | undefined): ListOrder | undefined {
  const order = useListOrder(spec?.column ?? '', spec?.natural ?? 'desc', spec?.labels ?? NO_LABELS);
  return spec ? order : undefined;
}
const NO_LABELS: Record<Order, string> = { asc: '', desc: '' };

/**
 * A list screen from its declaration (`ListScreenSpec`): its page (`screenPage`) renders it with
 * who reads it (`ScreenProps`). One frame for every list: the title, what the screen says first,
 * what admins add or the read-only banner, the filter bar with its export, what the list leaves
 * out (`note`), the query's refusal and the table with its pager (`QueryTable`), then the dialogs.
 */
export function defineListScreen<
  F extends AnyFilters,
  Data,
  Row extends RowData,
  K extends QueryKey,
  C = undefined,
>(spec: ListScreenSpec<F, Data, Row, C, K>) {
  const filterSpec = (spec.filters ?? NO_FILTERS) as F;
  return function ListScreen(props: ScreenProps) {
    const ns = useNamespace();
    const qc = useQueryClient();
    const url = useUrlState();
    const filters = useUrlFilters(filterSpec);
    const paging = usePaging();
    const order = useOrder(
      typeof spec.order === 'function' ? spec.order(filters.filters as ReturnType<F['read']>) : spec.order,
    );
    const listFilters = { ...filters.gateway, ...order?.query, cursor: paging.cursor, limit: spec.limit };
    const options = spec.query(ns, listFilters);
    // The first page the server read with the HTML, while it is of this namespace and these filters.
    const initial = props.initial;
    const query = useQuery({
      ...options,
      initialData: initialFrom(
        ns,
        initial as { partnerId: string | null; data: Data } | null | undefined,
        initial != null && hashKey([initial.filters]) === hashKey([listFilters]),
      ),
    });
    const may = (action: Action) => can(props.role, action);
    const base: ListState<F, Data, undefined> = {
      props,
      ns,
      may,
      canManage: spec.manage ? may(spec.manage) : false,
      filters,
      paging,
      order,
      query,
      url,
      invalidate: () => qc.invalidateQueries({ queryKey: options.queryKey.slice(0, 1) }),
      controls: undefined,
    };
    const s = { ...base, controls: spec.useControls?.(base) as C };
    const empty = part(spec.empty, s);
    const exported = spec.export;
    return (
      <div className="flex flex-col gap-6">
        <PageTitle description={part(spec.description, s)}>{spec.title}</PageTitle>
        {part(spec.intro, s)}
        {s.canManage
          ? part(spec.create, s)
          : spec.readOnly && (
              <Banner tone="info" title="Read only">
                {spec.readOnly}
              </Banner>
            )}
        {part(spec.toolbar, s)}
        {spec.filters ? (
          <FilterBar
            label={spec.filterBar?.label ?? `Filter the ${spec.caption.toLowerCase()}`}
            list={filters}
            may={may}
            grid={spec.filterBar?.grid}
            className={spec.filterBar?.className}
            exportTo={
              exported && {
                path: exported.path,
                noun: exported.noun,
                text: exported.text?.(filters.filters as ReturnType<F['read']>),
                partnerId: exported.organization ? undefined : ns,
                extra: order?.query,
              }
            }
          />
        ) : null}
        {part(spec.note, s)}
        <QueryTable
          list={{ query, rows: query.data ? spec.rows(query.data) : [], paging, limit: spec.limit }}
          caption={spec.caption}
          columns={part(spec.columns, s)!}
          order={order}
          empty={typeof empty === 'object' ? (filters.active ? empty.filtered : empty.none) : empty}
        />
        {part(spec.after, s)}
      </div>
    );
  };
}
