'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { CodeSnippet } from '@/components/snippets/code-snippet';
import { useApiBase } from '@/lib/client/deployment';
import { useFreshKey } from '@/lib/client/fresh-key';
import { bashScript, firstPaymentCalls, newPaymentId } from '@/lib/client/snippets';
import type { Overview } from '@/lib/client/queries/overview';

function Check({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-6 shrink-0 items-center justify-center rounded-full border text-sm ${done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-slate-400 text-transparent dark:border-slate-500'}`}
    >
      ✓
    </span>
  );
}

/** The sandbox's first steps, ticked from real activity in the namespace (no manual ticking). */
export function GettingStarted({
  status,
  orgId,
  partnerId,
  domain,
}: {
  status: Overview['getting_started'];
  orgId: string;
  partnerId: string;
  domain: string;
}) {
  const apiBase = useApiBase();
  const key = useFreshKey(partnerId);
  // A payment id of its own per visit (a second run of the same calls is refused as a duplicate).
  const [paymentId] = useState(() => newPaymentId());
  const pay = apiBase
    ? bashScript(key, firstPaymentCalls({ apiBase, orgId, partnerId, domain, paymentId }))
    : null;
  const items = [
    {
      key: 'api_key' as const,
      title: 'Create an API key',
      text: 'Your back end calls the gateway with it. The key made from here may create and submit payments (transactions_write); copy its secret when it is shown.',
      action: <Link href="/api-keys?for=first-payment">Create a key</Link>,
    },
    {
      key: 'sandbox_payment' as const,
      title: 'Make a test payment to the Sandbox Bank',
      text: `Create and submit a payment to alice@sandbox-bank.test, in the dashboard or from your back end; the Sandbox Bank admits it within seconds. The payer is any name at your domain (${domain}); the API takes amounts in minor units: "2500" is USD 25.00.`,
      action: (
        <div className="flex flex-col gap-1">
          <Link href="/payments?new=1">Make one in the dashboard</Link>
          <details>
            <summary className="cursor-pointer">Show the two calls</summary>
            <div className="mt-2 text-slate-900 dark:text-slate-100">
              <CodeSnippet title="Create and submit a test payment" code={pay} testId="snippet-first-payment">
                {key
                  ? `Runs as printed in bash (Linux, macOS, WSL): it holds the key “${key.name}” you just created.`
                  : 'Runs in bash (Linux, macOS, WSL) once the KEY line holds your key’s secret.'}
              </CodeSnippet>
            </div>
          </details>
        </div>
      ),
    },
    {
      key: 'webhook' as const,
      title: 'Add a webhook',
      text: 'Receive payment events on your own endpoint.',
      action: <Link href="/webhooks?add=1">Add an endpoint</Link>,
    },
  ];
  const done = items.filter((i) => status[i.key]).length;
  return (
    <section
      aria-labelledby="getting-started-title"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4 dark:border-blue-900 dark:bg-blue-950"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="getting-started-title" className="font-medium">
          Getting started in the sandbox
        </h2>
        <p className="text-sm" data-testid="checklist-progress">
          {done} of {items.length} done
        </p>
      </div>
      <ul aria-label="Getting started" className="mt-3 flex flex-col gap-3">
        {items.map((i) => (
          <li key={i.key} data-testid={`checklist-${i.key}`} data-done={status[i.key]} className="flex gap-3">
            <Check done={status[i.key]} />
            <div className="min-w-0 flex-1 text-sm">
              <p className={`font-medium ${status[i.key] ? 'line-through decoration-slate-400' : ''}`}>
                {i.title} <span className="sr-only">{status[i.key] ? '(done)' : '(to do)'}</span>
              </p>
              <p className="text-slate-700 dark:text-slate-300">{i.text}</p>
              {status[i.key] ? null : (
                <div className="mt-1 text-blue-800 dark:text-blue-300 [&_a]:underline [&_summary]:underline">
                  {i.action}
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
