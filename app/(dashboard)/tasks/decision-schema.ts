/** The checks of the task panel's fail/hold form, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { text } from '@/lib/client/form-fields';
import { REASONS } from '@/lib/client/format';

// The gateway's limit for a note (lib/gateway/routes/tasks.ts); failing or holding needs one.
const decisionSchema = z.object({
  reason: z.enum(REASONS),
  note: text('Enter a note: why the task is failed or held', 1000),
});
export type DecisionValues = z.infer<typeof decisionSchema>;

export const decisionResolver = zodResolver(decisionSchema);
