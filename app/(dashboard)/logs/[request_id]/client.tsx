'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { DetailRow } from '@/components/ui/detail-row';
import { PageTitle } from '@/components/ui/page-title';
import { CopyButton } from '@/components/ui/copy-button';
import { CARD, LINK } from '@/components/ui/styles';
import { DetailPageSkeleton } from '@/components/ui/skeleton';
import { formatLocal } from '@/lib/client/time';
import { isNotFound } from '@/lib/client/api';
import { requestLogQuery } from '@/lib/client/queries/request-logs';
import { StatusBadge, whoText } from '../columns';
import { useNamespace } from '@/lib/client/namespace';
import { prettyBody } from '@/lib/client/pretty-body';

function Body({ title, body, kept }: { title: string; body: string | null; kept: boolean }) {
  return (
    <section aria-label={title} className={`${CARD} flex min-w-0 flex-col gap-2`}>
      <h2 className="font-medium">{title}</h2>
      {body ? (
        <pre
          tabIndex={0}
          className="max-h-[32rem] overflow-auto rounded bg-slate-100 p-2 text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        >
          {prettyBody(body)}
        </pre>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {kept
            ? 'None.'
            : 'Not kept: this production namespace keeps no bodies (its admins may turn them on in the log).'}
        </p>
      )}
    </section>
  );
}

export function RequestLogEntry({ requestId }: { requestId: string }) {
  const ns = useNamespace();
  const query = useQuery(requestLogQuery(ns, requestId));
  const e = query.data;
  if (isNotFound(query.error))
    return (
      <div className="flex flex-col gap-3">
        <PageTitle>Request not found</PageTitle>
        <p>
          No request <span className="font-mono">{requestId}</span> in this namespace&apos;s log: it belongs
          to another namespace, was made without a credential, or is past the log&apos;s retention.
        </p>
        <Link href="/logs" className={LINK}>
          Back to the request log
        </Link>
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {query.error.message}
      </p>
    );
  if (!e) return <DetailPageSkeleton label="Loading the request…" sections={3} />;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link href="/logs" className={`text-sm ${LINK}`}>
          ← Request log
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <PageTitle className="font-mono break-all">
            {e.method} {e.path}
          </PageTitle>
          <StatusBadge status={e.status} />
        </div>
        {e.error_code ? (
          <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
            <span className="font-mono">{e.error_code}</span>: {e.error_message}
          </p>
        ) : null}
      </div>
      <section aria-label="Request" className={CARD}>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <DetailRow term="Time">{formatLocal(new Date(e.at_ms))}</DetailRow>
          <DetailRow term="Request id">
            <span className="font-mono">{e.request_id}</span>
            <CopyButton value={e.request_id} label="request id" />
          </DetailRow>
          <DetailRow term="Operation">
            {e.route ? <span className="font-mono">{e.route}</span> : 'No such operation'}
          </DetailRow>
          {e.query ? (
            <DetailRow term="Query">
              <span className="font-mono break-all">{e.query}</span>
            </DetailRow>
          ) : null}
          <DetailRow term="Latency">{e.latency_ms} ms</DetailRow>
          <DetailRow term="Key or user">
            {whoText(e)} · <span className="font-mono">{e.credential}</span>
          </DetailRow>
          <DetailRow term="Idempotency key">
            <span className="font-mono">{e.idempotency_key ?? '—'}</span>
            {e.replayed ? ' · replayed: the stored answer of the first request with this key' : ''}
          </DetailRow>
        </dl>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Body title="Request body" body={e.request_body} kept={e.bodies_kept} />
        <Body title="Response body" body={e.response_body} kept={e.bodies_kept} />
      </div>
    </div>
  );
}
