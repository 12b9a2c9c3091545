import { curlCommand, type SnippetCall } from '@/lib/domain/snippets';
import type { FreshKey } from './fresh-key';

/** What a `KEY=` line holds when the page no longer has the secret: plainly something to replace. */
export const KEY_PLACEHOLDER = 'paste-the-secret-of-your-api-key-here';

/**
 * The script's first lines: the key, filled in while the page still holds the one just created
 * (lib/client/fresh-key.ts), else a `KEY=` line to fill in.
 */
function keyPreamble(key: FreshKey | null): string {
  return key
    ? `# The secret of your key "${key.name}", created just now: keep it out of source control.\nKEY=${key.secret}`
    : `# Your API key's secret (shown once when you created it; rotate the key if you lost it):\nKEY=${KEY_PLACEHOLDER}`;
}

/** A bash script: the key, then each call, separated by blank lines. */
export function bashScript(key: FreshKey | null, calls: SnippetCall[]): string {
  return [keyPreamble(key), ...calls.map(curlCommand)].join('\n\n');
}

/** The headers of a call made with an API key in `KEY` (the key's own organization and namespace). */
export function keyHeaders(tenant: { orgId: string; partnerId: string }): SnippetCall['headers'] {
  return [
    ['X-SERVICE-API-KEY', { env: 'KEY' }],
    ['x-org-id', tenant.orgId],
    ['x-partner-id', tenant.partnerId],
  ];
}

/** A payment id no earlier copy of the snippet used: run again, it makes another payment. */
export function newPaymentId(prefix = 'first'): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36);
  return `${prefix}-${Date.now().toString(36)}${random}`;
}

export interface PaymentCallInput {
  apiBase: string;
  orgId: string;
  partnerId: string;
  paymentId: string;
  body: {
    payment_type: 'Type_Push' | 'Type_Pull';
    amount: { currency: string; total: string };
    debtor_party: { payment_address: string };
    beneficiary_party: { payment_address: string };
    reference?: string;
  };
}

/** Create a payment, then submit it for admission: two idempotent calls. */
export function createAndSubmitCalls(p: PaymentCallInput): SnippetCall[] {
  const headers: SnippetCall['headers'] = [...keyHeaders(p), ['idempotency-key', { idempotencyKey: true }]];
  return [
    {
      method: 'POST',
      url: `${p.apiBase}/payments`,
      headers,
      body: { payment_id: p.paymentId, ...p.body },
    },
    {
      method: 'POST',
      url: `${p.apiBase}/payments/${encodeURIComponent(p.paymentId)}/submissions`,
      headers,
    },
  ];
}

/** The sandbox checklist's test payment: USD 25.00 from the namespace to the Sandbox Bank's Alice. */
export function firstPaymentCalls(input: Omit<PaymentCallInput, 'body'> & { domain: string }): SnippetCall[] {
  return createAndSubmitCalls({
    ...input,
    body: {
      payment_type: 'Type_Push',
      amount: { currency: 'USD', total: '2500' },
      debtor_party: { payment_address: `you@${input.domain}` },
      beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
    },
  });
}

/**
 * A receiver for a new endpoint, to run where its URL points: Node.js 18+ with nothing to install.
 * It checks each delivery's signature with the endpoint's secret (filled in) as docs/webhooks.md
 * describes, prints the event and answers 204 (400 to a delivery that does not verify).
 */
export function receiverScript(endpointUrl: string, secret: string): string {
  const url = new URL(endpointUrl);
  // The URL's own port, never the environment's: PORT is the dashboard's (README, `npm start`),
  // and a receiver run in the same shell took it and failed with EADDRINUSE.
  const port = url.port || '8080';
  const behindProxy = url.port
    ? ''
    : `\n// ${url.origin} has no port of its own: it listens on 8080, where your proxy forwards it.`;
  const js = `import { createServer } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';

// The endpoint's signing secret, shown once: keep it out of source control.
const SECRET = ${JSON.stringify(secret)};
const PORT = ${port};${behindProxy}
const PATH = ${JSON.stringify(url.pathname)};
const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');

/** Standard Webhooks: an HMAC of id.timestamp.body, a timestamp within 5 minutes. */
function verified(headers, body) {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  if (!id || !Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const mac = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest('base64');
  const expected = Buffer.from(\`v1,\${mac}\`);
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => Buffer.from(s).length === expected.length && timingSafeEqual(Buffer.from(s), expected));
}

createServer((req, res) => {
  if (req.method !== 'POST' || new URL(req.url, 'http://receiver').pathname !== PATH)
    return res.writeHead(404).end();
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (!verified(req.headers, body)) {
      console.log('refused a delivery: its signature does not verify');
      return res.writeHead(400).end();
    }
    const event = JSON.parse(body);
    console.log(\`verified \${event.type} \${event.id}\`, JSON.stringify(event.data));
    res.writeHead(204).end();
  });
}).listen(PORT, () => console.log(\`receiving on http://localhost:\${PORT}\${PATH}\`));`;
  return `# A receiver for ${endpointUrl} (Node.js 18 or later, nothing to install): run it there.
cat > csp-webhooks.mjs <<'JS'
${js}
JS
node csp-webhooks.mjs`;
}
