/** The new-namespace form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { plain, text } from '@/lib/client/form-fields';

// The gateway's limits for a new namespace (lib/gateway/routes/partners.ts).
const namespaceSchema = z.object({
  name: plain(text('Enter a name', 120)),
  domain: text('Enter a domain such as bank.example', 253, 3),
  environment: z.enum(['production', 'sandbox']),
});
export type NamespaceValues = z.infer<typeof namespaceSchema>;

export const namespaceResolver = zodResolver(namespaceSchema);
