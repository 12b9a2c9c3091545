'use client';

import { useQuery } from '@tanstack/react-query';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { FilterBar } from '@/components/ui/filter-bar';
import { TimeRangeFields } from '@/components/ui/time-range-fields';
import { SelectField } from '@/components/ui/field';
import { FilterField } from '@/components/ui/filter-field';
import { FormAlert } from '@/components/ui/form-alert';
import { PageTitle } from '@/components/ui/page-title';
import { useToast } from '@/components/ui/toast';
import { requestLogQueries, useKeepBodies } from '@/lib/client/queries/request-logs';
import { usePaging, useUrlFilters, useUrlState } from '@/lib/client/use-url-state';
import { REQUEST_LOG_FILTERS, STATUS_CLASSES } from './search-params';
import { useTenant } from '@/lib/client/deployment';
import { requestLogColumns } from './columns';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 25;

/** How long entries are kept, in words. */
const retentionText = (seconds: number) =>
  seconds % 86_400 === 0 ? `${seconds / 86_400} days` : `${Math.round(seconds / 3600)} hours`;

/** Every API request of the namespace's keys and users, newest first, with filters in the URL. */
export function RequestLogClient({ canManage }: { canManage: boolean }) {
  const ns = useNamespace();
  const { set } = useUrlState();
  const paging = usePaging();
  const toast = useToast();
  const tenant = useTenant();
  const list = useUrlFilters(REQUEST_LOG_FILTERS);
  const { filters } = list;
  const query = useQuery(
    requestLogQueries.list(ns, { ...list.gateway, cursor: paging.cursor, limit: LIMIT }),
  );
  const keep = useKeepBodies();
  const data = query.data;
  const production = tenant !== null && !tenant.sandbox;

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description="Every API request of this namespace's API keys and users — the dashboard's included — newest first. Open one to see what was sent and answered.">
        Request log
      </PageTitle>
      <p className="text-sm text-slate-700 dark:text-slate-300" role="note">
        {data
          ? `Entries are kept ${retentionText(data.retention_seconds)}. ${
              data.bodies_kept
                ? 'Request and response bodies are kept, with API keys, tokens, passwords, codes and signing secrets removed.'
                : 'Bodies are not kept for this production namespace: only what each request was and how it was answered.'
            }`
          : 'Loading…'}{' '}
        {production && canManage && data ? (
          <Button
            type="button"
            variant="secondary"
            className="ml-1"
            disabled={keep.isPending}
            onClick={() =>
              keep.mutate(!data.bodies_kept, {
                onSuccess: (s) =>
                  toast(
                    'success',
                    s.bodies_kept ? 'Bodies are kept from now on' : 'Bodies are no longer kept',
                  ),
                onError: (e) => toast('error', e.message),
              })
            }
          >
            {data.bodies_kept ? 'Stop keeping bodies' : 'Keep request and response bodies'}
          </Button>
        ) : null}
      </p>
      <FilterBar label="Filter the request log" list={list}>
        <SelectField
          label="Status"
          id="log-status"
          value={filters.status_class ?? ''}
          onChange={(e) => list.set({ status_class: e.target.value })}
        >
          <option value="">Any</option>
          {Object.entries(STATUS_CLASSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <FilterField
          label="Path"
          id="log-path"
          placeholder="/api/v1/csp/payments"
          value={filters.path ?? ''}
          onValue={(v) => list.set({ path: v })}
        />
        <FilterField
          label="Key or user id"
          id="log-credential"
          placeholder="api_… or usr_…"
          value={filters.credential ?? ''}
          onValue={(v) => list.set({ credential: v })}
        />
        <TimeRangeFields
          ids={['log-from', 'log-to']}
          from={filters.from}
          to={filters.to}
          onFrom={(v) => list.set({ from: v })}
          onTo={(v) => list.set({ to: v })}
        />
      </FilterBar>
      <FormAlert message={query.isError ? (query.error as Error).message : null} />
      <DataTable
        caption="Request log"
        columns={requestLogColumns(set)}
        data={data?.request_logs ?? []}
        list={data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={
          list.active
            ? 'No requests match these filters.'
            : 'No requests yet: calls made with this namespace’s API keys, or by its users, appear here.'
        }
      />
    </div>
  );
}
