'use client';

import { CodeSnippet } from './code-snippet';
import { CARD } from '@/components/ui/styles';
import { receiverScript } from '@/lib/client/snippets';

/** Shown once with a new endpoint's secret: a receiver that verifies its deliveries, ready to run. */
export function WebhookReceiver({ url, secret }: { url: string; secret: string }) {
  return (
    <div className={CARD}>
      <CodeSnippet
        title="A receiver that checks the signatures"
        code={receiverScript(url, secret)}
        testId="snippet-webhook-receiver"
      >
        Runs as printed in bash where the endpoint&apos;s URL points (Node.js 18 or later): it verifies each
        delivery with this secret and prints the event. Then open the endpoint and send a test event.
      </CodeSnippet>
    </div>
  );
}
