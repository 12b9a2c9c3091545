/** The webhook form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { atMost, plain } from '@/lib/client/form-fields';

// The gateway's limits (lib/gateway/routes/webhooks.ts), checked here first for a quick answer.
const webhookSchema = z
  .object({
    url: z
      .string()
      .check(
        z.trim(),
        z.minLength(8, 'Enter the endpoint URL'),
        z.maxLength(2048, 'At most 2048 characters'),
        z.regex(/^https?:\/\/\S+$/i, 'Enter an http(s) URL'),
      ),
    description: plain(atMost(500)),
    all: z.enum(['all', 'some']),
    types: z.array(z.string()),
  })
  .check(
    z.refine((v) => v.all === 'all' || v.types.length > 0, {
      path: ['types'],
      message: 'Choose at least one event type',
    }),
  );

export type WebhookValues = z.infer<typeof webhookSchema>;

export const webhookResolver = zodResolver(webhookSchema);
