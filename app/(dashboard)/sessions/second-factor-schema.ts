/** The second factor's forms' checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';

// The gateway's limits (lib/schemas/sessions.ts: confirmTotpBody, registerPasskeyBody,
// disableSecondFactorBody); whether a code or a password is right is the gateway's to say, its
// refusal shown under the field.
const codeSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the code your app shows'),
      z.maxLength(16, 'At most 16 characters'),
    ),
});
export type CodeValues = z.infer<typeof codeSchema>;
export const codeResolver = zodResolver(codeSchema);

const turnOffSchema = z.object({
  current_password: z
    .string()
    .check(z.minLength(1, 'Enter your password'), z.maxLength(200, 'At most 200 characters')),
});
export type TurnOffValues = z.infer<typeof turnOffSchema>;
export const turnOffResolver = zodResolver(turnOffSchema);

const passkeySchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give the passkey a name'), z.maxLength(60, 'At most 60 characters')),
});
export type PasskeyValues = z.infer<typeof passkeySchema>;
export const passkeyResolver = zodResolver(passkeySchema);
