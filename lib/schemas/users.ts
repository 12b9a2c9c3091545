import { z } from '@hono/zod-openapi';
import { secondsSchema, pageQuery, pageInfo, plainText } from './common';

const roleSchema = z.enum(['admin', 'support', 'viewer'], {
  error: 'role must be admin, support or viewer',
});

export const userSchema = z
  .object({
    token: z.string(),
    org_id: z.string().nullable(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    created_at: secondsSchema,
    updated_at: secondsSchema,
    invitation_expires_at: secondsSchema.nullable().openapi({
      description:
        'An invitation waits: the user has not set a password yet, and its link works until then. Null once accepted (or for a user created with a password).',
    }),
  })
  .openapi('User');

export type User = z.infer<typeof userSchema>;

export const userParams = z.object({ user_id: z.string().max(64) });

export const inviteUserBody = z.object({
  email: z.email('must be an email address').max(254),
  name: plainText(z.string().max(120)).optional(),
  role: roleSchema,
  password: z.string().min(12, 'password must have at least 12 characters').max(200).optional().openapi({
    description:
      'An initial password (at least 12 characters, not a common password, not easy to guess): the user can sign in at once. Left out (the dashboard leaves it out), the answer holds a one-time invitation link with which the user sets their own.',
  }),
});

export type InviteUserBody = z.output<typeof inviteUserBody>;

export const listUsersQuery = z.object(pageQuery);

export type ListUsersQuery = z.output<typeof listUsersQuery>;

export const listUsersResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  users: z.array(userSchema),
});

export const updateUserBody = z.object({ role: roleSchema });

const invitationSchema = z
  .object({
    token: z
      .string()
      .openapi({ description: 'The one-time secret of the link; shown once, kept only hashed.' }),
    path: z.string().openapi({ description: "The dashboard's page for it: `/invitation/<token>`." }),
    url: z.string().nullable().openapi({
      description: "The whole link where the dashboard's public address (NEXTAUTH_URL) is known.",
    }),
    expires_at: secondsSchema,
    emailed: z
      .boolean()
      .openapi({ description: 'Whether the link was sent to the user by e-mail (SMTP_URL).' }),
  })
  .openapi('Invitation');

export type Invitation = z.infer<typeof invitationSchema>;

export const invitedUserSchema = userSchema
  .extend({ invitation: invitationSchema.nullable() })
  .openapi('InvitedUser');

export type InvitedUser = z.infer<typeof invitedUserSchema>;

export const invitationParams = z.object({ token: z.string().max(128) });

export const invitationDetails = z
  .object({
    email: z.string(),
    name: z.string(),
    organization: z.string(),
    role: z.string(),
    expires_at: secondsSchema,
  })
  .openapi('InvitationDetails');

export type InvitationDetails = z.infer<typeof invitationDetails>;

export const acceptInvitationBody = z.object({
  password: z
    .string()
    .min(12, 'password must have at least 12 characters')
    .max(200)
    .openapi({ description: 'At least 12 characters, not a common password, not easy to guess' }),
  name: plainText(z.string().max(120)).optional(),
});

export type AcceptInvitationBody = z.output<typeof acceptInvitationBody>;

export const acceptedInvitation = z
  .object({ email: z.string(), org_id: z.string() })
  .openapi('AcceptedInvitation');
