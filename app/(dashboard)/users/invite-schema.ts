/** The invitation form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { atMost, email, plain } from '@/lib/client/form-fields';
import { ORGANIZATION_ROLES } from '@/lib/domain/permissions';

// The gateway's invitation limits (lib/gateway/routes/users.ts).
const inviteSchema = z.object({
  email: email('Enter an email address'),
  name: plain(atMost(120)),
  role: z.enum(ORGANIZATION_ROLES),
});
export type InviteValues = z.infer<typeof inviteSchema>;

export const inviteResolver = zodResolver(inviteSchema);
