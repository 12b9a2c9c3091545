'use client';

import { useState } from 'react';
import { CodeSnippet } from './code-snippet';
import { useApiBase, useTenant } from '@/lib/client/deployment';
import { useFreshKey } from '@/lib/client/fresh-key';
import { bashScript, createAndSubmitCalls, keyHeaders, newPaymentId } from '@/lib/client/snippets';
import type { Payment } from '@/lib/client/queries/payments';

/**
 * A payment as the API sees it: the read its page makes, and — where this namespace may create
 * such a payment (it owns the debtor of a push, the beneficiary of a pull) — the create and submit
 * calls that would make another like it. Folded: most readers never open it.
 */
export function PaymentAsCall({ payment }: { payment: Payment }) {
  const apiBase = useApiBase();
  const tenant = useTenant();
  const key = useFreshKey(tenant?.partnerId ?? null);
  // Made in each render's first pass, the server's included, so the server's and the browser's
  // differ: shown only once the page has hydrated (with the address, `apiBase`), never in the
  // server's HTML, whose text hydration would find changed (React's error #418).
  const [paymentId] = useState(() => newPaymentId('copy'));
  if (!tenant) return null;
  const own = payment.payment_type === 'Type_Push' ? payment.debtor_party : payment.beneficiary_party;
  const creatable = own.payment_address.toLowerCase().endsWith(`@${tenant.domain}`);
  const read = apiBase
    ? bashScript(key, [
        {
          method: 'GET',
          url: `${apiBase}/payments/${encodeURIComponent(payment.payment_id)}`,
          headers: keyHeaders(tenant),
        },
        {
          method: 'GET',
          url: `${apiBase}/payments/${encodeURIComponent(payment.payment_id)}/submissions`,
          headers: keyHeaders(tenant),
        },
      ])
    : null;
  const again =
    apiBase && creatable
      ? bashScript(
          key,
          createAndSubmitCalls({
            apiBase,
            ...tenant,
            paymentId,
            body: {
              payment_type: payment.payment_type,
              amount: payment.amount,
              debtor_party: { payment_address: payment.debtor_party.payment_address },
              beneficiary_party: { payment_address: payment.beneficiary_party.payment_address },
              ...(payment.reference ? { reference: payment.reference } : {}),
            },
          }),
        )
      : null;
  const needs = key
    ? `They hold the key “${key.name}” you created in this tab.`
    : 'Put your API key’s secret on the KEY line first.';
  return (
    <details className="group">
      <summary className="cursor-pointer font-medium">As an API call</summary>
      <div className="mt-3 flex flex-col gap-4">
        <CodeSnippet title="Read this payment and its submission" code={read} testId="snippet-payment-read">
          What this page reads, with an API key that has transactions_read. {needs}
        </CodeSnippet>
        {creatable ? (
          <CodeSnippet title="Make another like it" code={again} testId="snippet-payment-again">
            Creates a payment with the same parties and amount under a new id
            {apiBase ? ` (${paymentId})` : ''} and submits it (transactions_write). {needs}
          </CodeSnippet>
        ) : null}
      </div>
    </details>
  );
}
