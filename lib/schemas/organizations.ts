import { z } from '@hono/zod-openapi';
import { secondsSchema, pageQuery, pageInfo, webauthnJson, plainText } from './common';

export const organizationSchema = z
  .object({
    token: z.string(),
    name: z.string(),
    status: z.enum(['sandbox', 'verified', 'rejected']),
    created_at: secondsSchema,
    updated_at: secondsSchema,
    decided_at: secondsSchema.nullable().openapi({
      description: 'When the operator verified or rejected the organization; null while it is in the sandbox',
    }),
    decision_note: z.string().nullable().openapi({
      description: "The operator's note given with the decision (extension), e.g. why it was rejected",
    }),
    require_second_factor: z.boolean().openapi({
      description:
        'Its admins require a second factor of every user (extension): one without may only set one up until they have.',
    }),
  })
  .openapi('Organization');

export const secondFactorPolicyBody = z.object({ required: z.boolean() });

/** The operator's decision on an organization: the body is optional, the note kept with it. */
export const organizationDecisionBody = z.object({
  note: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .openapi({ description: 'Why: kept with the decision and shown to the organization' }),
});

export type Organization = z.infer<typeof organizationSchema>;

const emailSchema = z.email('must be an email address').max(254);

export const signUpSchema = z.object({
  name: plainText(z.string().trim().min(1, 'name is required').max(120)),
  admin_email: emailSchema,
  admin_password: z
    .string()
    .min(12, 'admin_password must have at least 12 characters')
    .max(200)
    .openapi({ description: 'At least 12 characters, not a common password, not easy to guess' }),
});

export type SignUpInput = z.output<typeof signUpSchema>;

export const signInSchema = z.object({
  admin_email: z.string().min(1).max(254),
  admin_password: z.string().min(1).max(200),
  otp_code: z.string().min(1).max(32).optional().openapi({
    description:
      "Extension: the 6-digit code of the user's authenticator app, or one of their recovery codes, when they have a second factor (without it such a sign-in answers 401 error.second_factor_required; an app code already accepted once, 401 error.second_factor_code_used)",
  }),
  passkey: webauthnJson.optional().openapi({
    description:
      "Extension: instead of otp_code, the answer of one of the user's passkeys (WebAuthn `AuthenticationResponseJSON`, as @simplewebauthn/browser's startAuthentication returns it) to the options of POST /organization/signin/passkey",
  }),
  organization_id: z.string().min(1).max(64).optional().openapi({
    description: 'Extension: the organization to sign in to, when the address has accounts in several',
  }),
});

export type SignInInput = z.output<typeof signInSchema>;

/** The first step of a sign-in with a passkey: the same password check, then the ceremony's options. */
export const passkeySignInBody = signInSchema.pick({
  admin_email: true,
  admin_password: true,
  organization_id: true,
});
export type PasskeySignInBody = z.output<typeof passkeySignInBody>;

export const passkeyOptionsResponse = z
  .object({
    options: webauthnJson.openapi({
      description:
        'WebAuthn options (`PublicKeyCredentialRequestOptionsJSON` to sign in, `…CreationOptionsJSON` to register), for @simplewebauthn/browser or `PublicKeyCredential.parse…OptionsFromJSON`; its challenge is accepted once, within 5 minutes',
    }),
  })
  .openapi('PasskeyOptions');
export type PasskeyOptions = z.output<typeof passkeyOptionsResponse>;

export const meSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['admin', 'support', 'viewer', 'operator']),
    preferred_partner_id: z.string().nullable(),
    second_factor: z.boolean().openapi({
      description: 'The user signs in with a second factor: an authenticator app, a passkey or both',
    }),
    authenticator_app: z.boolean().openapi({ description: 'An authenticator app (TOTP) is one of them' }),
    passkeys: z.number().int().openapi({ description: 'How many passkeys the user has' }),
    organization: organizationSchema.nullable(),
    partners: z.array(
      z.object({
        token: z.string(),
        name: z.string(),
        domain: z.string(),
        environment: z.string(),
        enabled: z.boolean(),
      }),
    ),
  })
  .openapi('Me');

export type Me = z.infer<typeof meSchema>;

export const setPreferredPartnerBody = z.object({ partner_id: z.string().min(1).max(64) });

export const listOrganizationsQuery = z.object({
  status: z
    .enum(['sandbox', 'verified', 'rejected'], { error: 'status must be sandbox, verified or rejected' })
    .optional(),
  ...pageQuery,
});

export type ListOrganizationsQuery = z.output<typeof listOrganizationsQuery>;

export const listOrganizationsResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  organizations: z.array(organizationSchema),
});

const count = z.number().int();

export const organizationReviewSchema = z
  .object({
    organization: organizationSchema,
    decided_by: z
      .string()
      .nullable()
      .openapi({ description: "The operator's e-mail that decided, if decided" }),
    users: z.record(z.string(), count).openapi({ description: 'People of the organization by role' }),
    admins: z
      .array(
        z.object({
          email: z.string(),
          name: z.string(),
          created_at: secondsSchema,
          last_signed_in_at: secondsSchema.nullable(),
          disabled: z.boolean(),
        }),
      )
      .openapi({ description: 'Who is behind it: its admins, oldest first (at most 20)' }),
    signed_up: z
      .object({
        at: secondsSchema,
        admin_email: z.string().nullable().openapi({ description: 'The admin it signed up with' }),
        ip: z.string().nullable().openapi({ description: 'The client address the sign-up came from' }),
        user_agent: z.string().nullable().openapi({ description: "The sign-up's User-Agent" }),
      })
      .nullable()
      .openapi({
        description:
          'Its sign-up, as its audit trail recorded it (the entry organization.signed_up); null for an organization made otherwise (seeded) or once that entry is archived',
      }),
    namespaces: z.array(
      z.object({
        token: z.string(),
        name: z.string(),
        domain: z.string(),
        environment: z.enum(['sandbox', 'production']),
        enabled: z.boolean(),
        created_at: secondsSchema,
        checklist: z.object({ api_key: z.boolean(), webhook: z.boolean(), sandbox_payment: z.boolean() }),
        payments: z
          .object({
            total: count,
            unsubmitted: count,
            pending: count,
            on_hold: count,
            admitted: count,
            settled: count,
            rejected: count,
            expired: count,
          })
          .openapi({ description: 'Payments the namespace is party to, by status (from the rollups)' }),
        exceptions: count.openapi({ description: 'Payment exceptions (rejections) of the namespace' }),
        webhooks: z.object({ total: count, failing: count, disabled: count }),
      }),
    ),
  })
  .openapi('OrganizationReview');

export type OrganizationReview = z.infer<typeof organizationReviewSchema>;
