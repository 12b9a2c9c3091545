'use client';

import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '@/lib/client/api';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useWhen } from '@/components/ui/local-time';
import { deliveryQuery, useRetryDelivery } from '@/lib/client/queries/webhooks';
import { AttemptEntry } from '../../attempt';
import { CARD, LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { DeliveryStatusBadge } from '../../../status';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import type { DeliveryDetail as DeliveryDetailData } from '@/lib/client/queries/webhooks';
import DeliveryNotFound from './not-found';
import { useNamespace } from '@/lib/client/namespace';

/** One delivery: what was sent (the payload, as signed) and how the endpoint answered each attempt. */
export function DeliveryDetail({
  webhookId,
  deliveryId,
  initial,
  canRetry,
}: {
  webhookId: string;
  deliveryId: string;
  /** The delivery as the page read it on the server, in the namespace it was read in. */
  initial: ServerRead<DeliveryDetailData>;
  canRetry: boolean;
}) {
  const ns = useNamespace();
  const toast = useToast();
  const query = useQuery({
    ...deliveryQuery(ns, webhookId, deliveryId),
    retry: false,
    initialData: initialFrom(ns, initial),
  });
  // Read on the server with the page: its times in UTC until hydrated, then the reader's zone.
  const when = useWhen();
  const retry = useRetryDelivery();
  const back = (
    <Link href={`/webhooks/${encodeURIComponent(webhookId)}`} className={`text-sm ${LINK}`}>
      ← Webhook
    </Link>
  );
  if (isNotFound(query.error)) return <DeliveryNotFound />;
  if (query.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <PageTitle>Delivery {deliveryId}</PageTitle>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {query.error.message}
        </p>
      </div>
    );
  const d = query.data;
  if (!d) return <div className="h-40 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        {back}
        <div className="flex flex-wrap items-center gap-3">
          <PageTitle>
            <code>{d.event_type}</code>
          </PageTitle>
          <DeliveryStatusBadge status={d.status} />
          {canRetry ? (
            <Button
              variant="secondary"
              className="ml-auto"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(
                  { id: webhookId, deliveryId },
                  {
                    onSuccess: () => toast('success', 'Delivery queued: it is sent again now'),
                    onError: (e) => toast('error', e.message),
                  },
                )
              }
            >
              Send again
            </Button>
          ) : null}
        </div>
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">
          Delivery {d.token} · event {d.event_id} · created {when(d.created_at.seconds)}
          {d.next_attempt_at ? ` · next attempt ${when(d.next_attempt_at.seconds)}` : ''}
        </p>
      </div>

      <section aria-labelledby="payload-title" className={`${CARD} flex flex-col gap-2`}>
        <h2 id="payload-title" className="font-medium">
          Payload
        </h2>
        {d.payload ? (
          <pre
            tabIndex={0}
            aria-label="Payload as sent"
            className="max-h-[28rem] overflow-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap dark:bg-slate-800"
          >
            {JSON.stringify(d.payload, null, 2)}
          </pre>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The event is past its retention: its body is no longer kept.
          </p>
        )}
      </section>

      <section aria-labelledby="attempts-title" className={`${CARD} flex flex-col gap-2`}>
        <h2 id="attempts-title" className="font-medium">
          Attempts ({d.attempt_log.length})
        </h2>
        {d.attempt_log.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {d.status === 'failed'
              ? 'None: the event came while the endpoint was disabled. Recovery on the endpoint sends it.'
              : 'None yet.'}
          </p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label="Attempts">
            {d.attempt_log.map((a, i) => (
              <AttemptEntry key={i} attempt={a} n={i + 1} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
