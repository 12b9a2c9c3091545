/** The sign-up form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { email, plain, text } from '@/lib/client/form-fields';

// The gateway's sign-up limits (lib/gateway/routes/organization.ts).
const signUpSchema = z.object({
  name: plain(text('Enter the organization name', 120)),
  email: email('Enter an email address'),
  password: z
    .string()
    .check(z.minLength(12, 'Use at least 12 characters'), z.maxLength(200, 'At most 200 characters')),
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const signUpResolver = zodResolver(signUpSchema);
