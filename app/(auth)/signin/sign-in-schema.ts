/** The sign-in form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { email } from '@/lib/client/form-fields';

const signInSchema = z.object({
  email: email('Enter an email address'),
  password: z.string().check(z.minLength(1, 'Enter your password')),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signInResolver = zodResolver(signInSchema);
