'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CARD } from '@/components/ui/styles';
import { when } from '@/lib/client/format';
import { inboxQuery, type InboxMessage } from '@/lib/client/queries/webhooks';
import { useNamespace } from '@/lib/client/namespace';
import { prettyBody } from '@/lib/client/pretty-body';

function Message({ m }: { m: InboxMessage }) {
  return (
    <li className="rounded-md border border-slate-200 dark:border-slate-700" data-testid="inbox-message">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
          <code className="font-medium">{m.event_type}</code>
          {m.signature_valid ? (
            <Badge tone="green">Signature valid</Badge>
          ) : (
            <Badge tone="red">Signature invalid</Badge>
          )}
          <span className="text-slate-600 dark:text-slate-400">{when(m.received_at.seconds)}</span>
          <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{m.event_id}</span>
        </summary>
        <div className="flex flex-col gap-3 border-t border-slate-200 p-3 text-sm dark:border-slate-700">
          <table className="w-full text-left text-xs">
            <caption className="mb-1 text-left text-sm font-medium">Headers</caption>
            <tbody>
              {Object.entries(m.headers).map(([name, value]) => (
                <tr key={name} className="align-top">
                  <th scope="row" className="py-0.5 pr-3 font-mono font-normal whitespace-nowrap">
                    {name}
                  </th>
                  <td className="py-0.5 font-mono break-all">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div>
            <p className="mb-1 font-medium">Body</p>
            <pre
              tabIndex={0}
              className="max-h-96 overflow-auto rounded bg-slate-100 p-2 text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            >
              {prettyBody(m.body)}
            </pre>
          </div>
          <p className="text-slate-700 dark:text-slate-300">
            {m.signature_valid
              ? 'webhook-signature verifies with this endpoint’s secret over webhook-id, webhook-timestamp and the body, and the timestamp is within 5 minutes: what your receiver checks.'
              : 'webhook-signature does not verify with this endpoint’s current secret (or the timestamp is more than 5 minutes away): a receiver refuses it.'}
          </p>
        </div>
      </details>
    </li>
  );
}

/**
 * An inbox endpoint's deliveries as they arrive (read every 2 s): each as a receiver gets it,
 * headers and body, with the result of the signature check.
 */
export function Inbox({ webhookId }: { webhookId: string }) {
  const ns = useNamespace();
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = useQuery(inboxQuery(ns, { id: webhookId, cursor, limit: 20 }));
  const messages = query.data?.messages ?? [];
  return (
    <section aria-labelledby="inbox-title" className={`${CARD} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="inbox-title" className="font-medium">
          Inbox
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {query.isLoading ? 'Loading…' : `${query.data?.count ?? 0} received · updates by itself`}
        </p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Deliveries to this endpoint are kept here instead of being sent: the requests your receiver would get,
        with what its signature check would say. No public URL needed.
      </p>
      {messages.length === 0 && !query.isLoading ? (
        <p className="text-sm">Nothing received yet: send a test event above, or make a test payment.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Received deliveries">
          {messages.map((m) => (
            <Message key={m.token} m={m} />
          ))}
        </ul>
      )}
      {cursors.length || query.data?.has_more ? (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={!cursors.length}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            Newer
          </Button>
          <Button
            variant="secondary"
            disabled={!query.data?.next_cursor}
            onClick={() => setCursors((c) => [...c, query.data!.next_cursor!])}
          >
            Older
          </Button>
        </div>
      ) : null}
    </section>
  );
}
