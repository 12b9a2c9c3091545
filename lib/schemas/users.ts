import { z } from '@hono/zod-openapi';
import { secondsSchema, pageQuery, pageInfo } from './common';

export const roleSchema = z.enum(['admin', 'support', 'viewer'], {
  error: 'role must be admin, support or viewer',
});

export type OrgRole = z.output<typeof roleSchema>;

export const userSchema = z
  .object({
    token: z.string(),
    org_id: z.string().nullable(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    created_at: secondsSchema,
    updated_at: secondsSchema,
  })
  .openapi('User');

export type User = z.infer<typeof userSchema>;

export const userParams = z.object({ user_id: z.string().max(64) });

export const inviteUserBody = z.object({
  email: z.email('must be an email address').max(254),
  name: z.string().max(120).optional(),
  role: roleSchema,
  password: z
    .string()
    .min(12, 'password must have at least 12 characters')
    .max(200)
    .openapi({ description: 'At least 12 characters, not a common password, not easy to guess' }),
});

export type InviteUserBody = z.output<typeof inviteUserBody>;

export const listUsersQuery = z.object(pageQuery);

export type ListUsersQuery = z.output<typeof listUsersQuery>;

export const listUsersResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  users: z.array(userSchema),
});

export type ListUsersResponse = z.infer<typeof listUsersResponse>;

export const updateUserBody = z.object({ role: roleSchema });

export type UpdateUserBody = z.output<typeof updateUserBody>;
