import type { InvitedUser, User } from '@/lib/schemas/users';

/** A user as the gateway answers it: the wire type, declared once in lib/schemas (type only: no bundle cost). */
export type { User };

/** The answer to an invitation or a reset of access: the user and their one-time link. */
export type Invited = InvitedUser;
