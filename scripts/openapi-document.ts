/**
 * Writes the OpenAPI document the gateway serves at GET /api/v1/csp/openapi.json to the file given
 * as argument, without a server or a database (the route table alone). The document names the
 * address it was requested at (its `servers` and samples): here a deployment's public one.
 */
import { writeFileSync } from 'node:fs';
import { createGateway } from '@/lib/gateway/app';

const out = process.argv[2];
if (!out) throw new Error('usage: openapi-document.ts <output.json>');
const res = await createGateway().request('https://gateway.payment-network.test/api/v1/csp/openapi.json');
if (res.status !== 200) throw new Error(`GET /api/v1/csp/openapi.json answered ${res.status}`);
writeFileSync(out, JSON.stringify(await res.json(), null, 2) + '\n');
