import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organizations = pgTable(
  'organizations',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** sandbox → verified | rejected, decided by the network operator. */
    status: text('status', { enum: ['sandbox', 'verified', 'rejected'] })
      .notNull()
      .default('sandbox'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The operator's decision: when, by which operator (e-mail), and the note given with it. */
    decidedAt: ts('decided_at'),
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
    /**
     * Its admins require a second factor of everyone: a user without one may only set one up (and
     * read who they are, sign out) until they have (lib/api/define-route.ts).
     */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
  },
  // The operator's list, all or by status (the verification queue), newest first.
  (t) => [
    index('organizations_created_idx').on(t.createdAt, t.id),
    index('organizations_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Null only for the network operator, who belongs to no organization. */
    orgId: text('org_id').references(() => organizations.id),
    /**
     * Unique within an organization (and among operators), not across the network: sign-up and
     * invitations must not reveal that an address is used elsewhere (migration 0011).
     */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'support', 'viewer', 'operator'] }).notNull(),
    /** The namespace the dashboard selects for this user (namespace switcher). */
    preferredPartnerId: text('preferred_partner_id'),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * The authenticator app's TOTP secret, sealed (lib/auth/second-factor.ts); `totpEnabledAt` is
     * set once a code from it was confirmed. A secret without it is an enrolment in progress.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The 30-second step of the last code accepted: a code is accepted once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * The challenge of the user's passkey ceremony in progress (registration, or a sign-in's second
     * step), base64url, and when it stops being accepted; cleared by the statement that accepts it
     * (lib/services/sessions/passkeys.ts).
     */
    passkeyChallenge: text('passkey_challenge'),
    passkeyChallengeExpiresAt: ts('passkey_challenge_expires_at'),
    /** Sign-in picks, among the accounts of one address whose password matches, the latest used. */
    lastSignedInAt: ts('last_signed_in_at'),
    /**
     * An invitation waiting (lib/services/organizations/invitations.ts): the SHA-256 of its one-time
     * link's token and when the link stops working. Until it is accepted the password is a random
     * one nobody knows, so the account cannot sign in.
     */
    invitationHash: text('invitation_hash'),
    invitationExpiresAt: ts('invitation_expires_at'),
    /**
     * Four eyes (lib/domain/four-eyes.ts): who issued the link or initial password through which
     * the current password was set (a credential id, `usr:<id>`; null when the person chose it at
     * sign-up), and when it was set (null while an invitation waits). Whoever held the link could
     * have set it, so that person's payments are not approved by this account when it was set
     * after the payment was made.
     */
    credentialsIssuedBy: text('credentials_issued_by'),
    credentialsSetAt: ts('credentials_set_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Also serves lookups by organization (its leading column).
    uniqueIndex('users_org_email_uq').on(t.orgId, t.email),
    uniqueIndex('users_operator_email_uq')
      .on(t.email)
      .where(sql`${t.orgId} is null`),
    index('users_email_idx').on(t.email),
    uniqueIndex('users_invitation_uq').on(t.invitationHash),
  ],
);

/**
 * A signed-in session: one per access token, keyed by its `jti`. A token is accepted only while
 * its session stands (lib/api/credentials.ts): sign-out, revoking it from the Sessions panel or
 * removing the user ends it on every instance (the change notifies the credential caches,
 * migration 0018). Rows live until they expire; the retention purge deletes them a day later.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** Moved at most once a minute per instance, by the requests that use the session. */
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('user_sessions_user_idx').on(t.userId, t.createdAt),
    index('user_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The client addresses (counted as the limits count them: IPv4, or an IPv6 /64) each user signed
 * in from, and when last. An account guarded after many failed sign-ins still signs in from these
 * without a second factor (lib/api/signin-throttle.ts); rows older than 90 days are purged.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignedInAt: ts('last_signed_in_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.address] }),
    index('sign_in_addresses_last_idx').on(t.lastSignedInAt),
  ],
);

/**
 * A user's passkeys (WebAuthn credentials), a second factor beside or instead of the authenticator
 * app (lib/services/sessions/passkeys.ts). The public key is no secret; `signCount` is the
 * authenticator's counter, which must grow when the authenticator keeps one (0 when it does not).
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    /** The credential's id, base64url, as the authenticator names it. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Synced by its provider to the user's other devices (a multi-device credential). */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId, t.createdAt)],
);

/** One-time recovery codes of a user's second factor, stored as keyed digests (migration 0020). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeDigest: text('code_digest').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_recovery_codes_uq').on(t.userId, t.codeDigest)],
);
