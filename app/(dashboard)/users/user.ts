import type { Invitation } from './invitation-link';

/** A user as the users screen shows it (the gateway's answer). */
export interface User {
  token: string;
  email: string;
  name: string;
  role: string;
  /** An invitation waits until then (the user has not set a password yet). */
  invitation_expires_at: { seconds: number } | null;
}

/** The answer to an invitation or a reset of access: the user and their one-time link. */
export type Invited = User & { invitation: Invitation | null };
