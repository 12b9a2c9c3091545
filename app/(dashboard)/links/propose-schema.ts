/** The link proposal form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { text } from '@/lib/client/form-fields';

// The gateway's limit for a proposal (lib/gateway/routes/links.ts).
const proposeSchema = z.object({
  counterparty_domain: text('Enter a domain such as bank.example', 253, 3),
});
export type ProposeValues = z.infer<typeof proposeSchema>;

export const proposeResolver = zodResolver(proposeSchema);
