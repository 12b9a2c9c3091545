import { z } from '@hono/zod-openapi';
import { pageInfo, pageQuery, plainText, webauthnJson } from './common';

const sessionSchema = z
  .object({
    token: z.string(),
    current: z.boolean().openapi({ description: 'The session of the token making this request' }),
    created_at: z.number().int().openapi({ description: 'Unix seconds: when it signed in' }),
    last_used_at: z.number().int().openapi({ description: 'Unix seconds, to the minute' }),
    expires_at: z.number().int(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
  })
  .openapi('Session');

export type Session = z.infer<typeof sessionSchema>;

export const sessionParams = z.object({ session_id: z.string().max(64) });

export const listSessionsQuery = z.object(pageQuery);
export type ListSessionsQuery = z.output<typeof listSessionsQuery>;

export const listSessionsResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  sessions: z.array(sessionSchema),
});

export const revokedSessionsResponse = z.object({ revoked: z.number().int() }).openapi('RevokedSessions');

export const changePasswordBody = z.object({
  current_password: z.string().min(1, 'current_password is required').max(200),
  new_password: z
    .string()
    .min(12, 'new_password must have at least 12 characters')
    .max(200)
    .openapi({ description: 'At least 12 characters, not a common password, not easy to guess' }),
});
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

export const passwordChangedResponse = z
  .object({ sessions_ended: z.number().int().openapi({ description: "The user's other sessions, ended" }) })
  .openapi('PasswordChanged');

export const totpEnrolment = z
  .object({
    secret: z.string().openapi({ description: 'Base32, for typing into an app that cannot scan' }),
    otpauth_uri: z.string(),
    qr_svg: z.string().openapi({ description: 'The otpauth URI as a QR code (SVG)' }),
  })
  .openapi('TotpEnrolment');
export type TotpEnrolment = z.output<typeof totpEnrolment>;

export const confirmTotpBody = z.object({ code: z.string().min(1).max(16) });
export type ConfirmTotpBody = z.output<typeof confirmTotpBody>;

export const recoveryCodesResponse = z
  .object({
    recovery_codes: z
      .array(z.string())
      .openapi({ description: 'Ten one-time codes, shown this once: each signs in instead of an app code' }),
  })
  .openapi('RecoveryCodes');
export type RecoveryCodes = z.output<typeof recoveryCodesResponse>;

export const disableSecondFactorBody = z.object({ current_password: z.string().min(1).max(200) });
export type DisableSecondFactorBody = z.output<typeof disableSecondFactorBody>;

const passkeySchema = z
  .object({
    token: z.string().openapi({ description: "The credential's id (base64url)" }),
    name: z.string(),
    created_at: z.number().int().openapi({ description: 'Unix seconds' }),
    last_used_at: z.number().int().nullable().openapi({ description: 'Unix seconds: its last sign-in' }),
    backed_up: z.boolean().openapi({
      description: "Synced by its provider to the user's other devices (a multi-device passkey)",
    }),
  })
  .openapi('Passkey');
export type Passkey = z.output<typeof passkeySchema>;

export const listPasskeysResponse = z
  .object({ passkeys: z.array(passkeySchema).openapi({ description: 'Oldest first; at most 20' }) })
  .openapi('Passkeys');
export type Passkeys = z.output<typeof listPasskeysResponse>;

export const registerPasskeyBody = z.object({
  name: plainText(
    z.string().trim().min(1, 'name is required').max(60),
    'How the user tells it apart, e.g. "Work laptop"',
  ),
  response: webauthnJson.openapi({
    description:
      "The authenticator's answer (WebAuthn `RegistrationResponseJSON`, as @simplewebauthn/browser's startRegistration returns it) to the options of POST /me/second-factor/passkeys/options",
  }),
});
export type RegisterPasskeyBody = z.output<typeof registerPasskeyBody>;

export const passkeyRegisteredResponse = z
  .object({
    passkey: passkeySchema,
    recovery_codes: z.array(z.string()).openapi({
      description:
        'Ten one-time codes when this passkey turned the second factor on, shown this once; empty when it was on already (the codes given then still stand)',
    }),
  })
  .openapi('PasskeyRegistered');
export type PasskeyRegistered = z.output<typeof passkeyRegisteredResponse>;

export const passkeyParams = z.object({ passkey_id: z.string().min(1).max(1400) });
