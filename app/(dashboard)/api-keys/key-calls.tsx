'use client';

import { useState } from 'react';
import { CodeSnippet } from '@/components/snippets/code-snippet';
import { CARD } from '@/components/ui/styles';
import { useApiBase, useTenant } from '@/lib/client/deployment';
import { bashScript, firstPaymentCalls, keyHeaders, newPaymentId } from '@/lib/client/snippets';
import type { SnippetCall } from '@/lib/domain/snippets';
import type { ApiKey } from './key-types';

/**
 * A first call with the key just created, its secret filled in: in a sandbox, with
 * transactions_write, the test payment of the checklist (create and submit); otherwise a read its
 * access allows. Nothing for a key that can read nothing (it writes customers only).
 */
export function KeyCalls({ apiKey }: { apiKey: ApiKey }) {
  const apiBase = useApiBase();
  const tenant = useTenant();
  const [paymentId] = useState(() => newPaymentId());
  if (!tenant) return null;
  const key = {
    partnerId: tenant.partnerId,
    token: apiKey.token,
    name: apiKey.name,
    secret: apiKey.secret_key,
  };
  let title: string;
  let calls: (base: string) => SnippetCall[];
  if (tenant.sandbox && apiKey.access.transactions_write) {
    title = 'Try it: a test payment to the Sandbox Bank';
    calls = (base) => firstPaymentCalls({ apiBase: base, ...tenant, paymentId });
  } else if (apiKey.access.transactions_read || apiKey.access.customers_read) {
    const [what, path] = apiKey.access.transactions_read
      ? ['payments', '/payments?limit=5']
      : ['customers', '/customer?limit=5'];
    title = `Try it: read the namespace's latest ${what}`;
    calls = (base) => [{ method: 'GET', url: `${base}${path}`, headers: keyHeaders(tenant) }];
  } else return null;
  return (
    <div className={CARD}>
      <CodeSnippet
        title={title}
        code={apiBase ? bashScript(key, calls(apiBase)) : null}
        testId="snippet-key-created"
      >
        Runs as printed in bash (Linux, macOS, WSL): the script holds the new secret, so keep it out of shared
        places.
      </CodeSnippet>
    </div>
  );
}
