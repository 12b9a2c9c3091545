/** The password form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';

// The gateway's limits (changePasswordBody, lib/schemas/sessions.ts); its policy (not a common
// password, not easy to guess) is the gateway's alone, its refusal shown under the field.
const passwordSchema = z
  .object({
    current: z
      .string()
      .check(z.minLength(1, 'Enter your current password'), z.maxLength(200, 'At most 200 characters')),
    next: z
      .string()
      .check(z.minLength(12, 'Use at least 12 characters'), z.maxLength(200, 'At most 200 characters')),
    again: z.string(),
  })
  .check(z.refine((v) => v.next === v.again, { path: ['again'], message: 'The two new passwords differ' }));
export type PasswordValues = z.infer<typeof passwordSchema>;

export const passwordResolver = zodResolver(passwordSchema);
