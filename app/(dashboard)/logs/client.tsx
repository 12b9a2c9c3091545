'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useTenant } from '@/lib/client/deployment';
import { requestLogQueries, useKeepBodies } from '@/lib/client/queries/request-logs';
import { oneOf, text, unixSeconds, urlFilters } from '@/lib/client/url-filters';
import { requestLogColumns } from './columns';

/** The request log's status classes, as `GET /request-logs` takes them, and their names. */
const STATUS_CLASSES = {
  '2xx': '2xx success',
  '4xx': '4xx refused',
  '5xx': '5xx server error',
} as const;

/**
 * Whose calls (`source`): API calls unless asked otherwise — the dashboard's own reads, a few a
 * second while a screen is open, would bury them.
 */
const SOURCES = {
  api: 'API calls',
  dashboard: 'Dashboard',
  all: 'API calls and dashboard',
} as const;

/** How long entries are kept, in words. */
const retentionText = (seconds: number) =>
  seconds % 86_400 === 0 ? `${seconds / 86_400} days` : `${Math.round(seconds / 3600)} hours`;

/**
 * Every API request of the namespace's keys and users, newest first, filtered by source (API calls
 * by default, or the dashboard's), status class, a path fragment, the key or user and the time
 * range (under the API's own names). Admins of a
 * production namespace choose whether its bodies are kept.
 */
export const RequestLogScreen = defineListScreen({
  title: 'Request log',
  description:
    "The API requests of this namespace's keys and users, newest first — refusals of revoked, disabled, expired and rotated-away keys included; the dashboard's own calls under Calls. Open one to see what was sent and answered.",
  filters: urlFilters({
    source: {
      kind: oneOf(SOURCES, { fallback: 'api' }),
      label: 'Calls',
      id: 'log-source',
      options: SOURCES,
    },
    status_class: {
      kind: oneOf(STATUS_CLASSES),
      label: 'Status',
      id: 'log-status',
      options: STATUS_CLASSES,
    },
    path: { kind: text(), label: 'Path', id: 'log-path', input: { placeholder: '/api/v1/csp/payments' } },
    credential: {
      kind: text(),
      label: 'Key or user id',
      id: 'log-credential',
      input: { placeholder: 'api_… or usr_…' },
    },
    from: { kind: unixSeconds('start'), label: 'From', id: 'log-from' },
    to: { kind: unixSeconds('end'), label: 'To', id: 'log-to' },
  }),
  query: requestLogQueries.list,
  rows: (d) => d.request_logs,
  caption: 'Request log',
  limit: 25,
  empty: {
    none: 'No requests yet: calls made with this namespace’s API keys, or by its users, appear here.',
    filtered: 'No requests match these filters.',
  },
  manage: 'namespaces.manage',
  useControls: () => ({ keep: useKeepBodies(), toast: useToast(), tenant: useTenant() }),
  intro: ({ query: { data }, canManage, controls: { keep, toast, tenant } }) => (
    <p className="text-sm text-slate-700 dark:text-slate-300" role="note">
      {data
        ? `Entries are kept ${retentionText(data.retention_seconds)}. ${
            data.bodies_kept
              ? 'Request and response bodies are kept, with API keys, tokens, passwords, codes and signing secrets removed.'
              : 'Bodies are not kept for this production namespace: only what each request was and how it was answered.'
          }`
        : 'Loading…'}{' '}
      {tenant !== null && !tenant.sandbox && canManage && data ? (
        <Button
          type="button"
          variant="secondary"
          className="ml-1"
          disabled={keep.isPending}
          onClick={() =>
            keep.mutate(!data.bodies_kept, {
              onSuccess: (s) =>
                toast('success', s.bodies_kept ? 'Bodies are kept from now on' : 'Bodies are no longer kept'),
              onError: (e) => toast('error', e.message),
            })
          }
        >
          {data.bodies_kept ? 'Stop keeping bodies' : 'Keep request and response bodies'}
        </Button>
      ) : null}
    </p>
  ),
  columns: ({ url }) => requestLogColumns(url.set),
});
