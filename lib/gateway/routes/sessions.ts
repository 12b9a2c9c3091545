import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import type { GatewayEnv } from '@/lib/api/env';
import {
  confirmTotpBody,
  disableSecondFactorBody,
  recoveryCodesResponse,
  totpEnrolment,
  changePasswordBody,
  passwordChangedResponse,
  listSessionsQuery,
  listSessionsResponse,
  revokedSessionsResponse,
  sessionParams,
  listPasskeysResponse,
  registerPasskeyBody,
  passkeyRegisteredResponse,
  passkeyParams,
} from '@/lib/schemas/sessions';
import { passkeyOptionsResponse } from '@/lib/schemas/organizations';
import type { Context } from 'hono';
import type { ServiceContext } from '@/lib/services/context';
import { clientAddress } from '@/lib/api/client-address';
import { getSignInThrottle } from '@/lib/api/limiter-instance';
import { CurrentPasswordRefusedError, RateLimitedError } from '@/lib/errors';
import {
  listMyPasskeys,
  registerPasskey,
  removeMyPasskey,
  startPasskeyRegistration,
} from '@/lib/services/sessions/passkeys';
import {
  confirmTotpEnrolment,
  disableSecondFactor,
  recordReauthenticationThrottled,
  startTotpEnrolment,
  changeMyPassword,
  listMySessions,
  revokeMyOtherSessions,
  revokeMySession,
  signOut,
} from '@/lib/services/sessions/sessions';

const common = {
  tag: 'Organization',
  // A user who must still set up a second factor may do all of this (lib/api/define-route.ts).
  beforeSecondFactor: true,
};

/**
 * A check of the signed-in user's current password runs under the sign-in throttle of their
 * e-mail and the client's address, a wrong one counting as a failed sign-in: a stolen session
 * cannot guess the password it does not know (docs/decisions.md, "Rate limiting").
 */
async function reauthenticated<T>(ctx: ServiceContext, c: Context<GatewayEnv>, step: () => Promise<T>) {
  const email = ctx.principal.kind === 'user' ? ctx.principal.email : '';
  try {
    return await getSignInThrottle(ctx.db).attempt(
      { email, address: clientAddress(c) },
      step,
      undefined,
      (err) => err instanceof CurrentPasswordRefusedError,
    );
  } catch (err) {
    if (err instanceof RateLimitedError)
      await recordReauthenticationThrottled(ctx, Number(err.headers?.['Retry-After'] ?? 0));
    throw err;
  }
}

export function registerSessionRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/organization/signout',
    operationId: 'signOut',
    action: 'self.manage',
    summary: 'Sign out: the access token of this request stops working on every instance (extension)',
    response: revokedSessionsResponse,
    handler: (ctx) => signOut(ctx),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/me/sessions',
    operationId: 'listSessions',
    action: 'self.manage',
    summary: "The signed-in user's sessions that still stand, newest first (extension)",
    query: listSessionsQuery,
    response: listSessionsResponse,
    handler: (ctx, { query }) => listMySessions(ctx, query),
  });

  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/me/sessions/{session_id}',
    operationId: 'revokeSession',
    action: 'self.manage',
    summary: 'End one of your sessions: its token is refused from then on (extension)',
    params: sessionParams,
    response: revokedSessionsResponse,
    errors: [404],
    handler: (ctx, { params }) => revokeMySession(ctx, params.session_id),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/me/sessions/revoke-others',
    operationId: 'revokeOtherSessions',
    action: 'self.manage',
    summary: 'End every session of yours but this one (extension)',
    response: revokedSessionsResponse,
    handler: (ctx) => revokeMyOtherSessions(ctx),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/me/password',
    operationId: 'changePassword',
    action: 'self.manage',
    summary: 'Change your password, giving the current one; your other sessions end (extension)',
    description:
      'The new password must have at least 12 characters, not be one of the most common passwords and not be easy to guess (zxcvbn score 3 of 4, your e-mail and name counted as known words).',
    body: changePasswordBody,
    response: passwordChangedResponse,
    errors: [403],
    handler: (ctx, { body }, c) => reauthenticated(ctx, c, () => changeMyPassword(ctx, body)),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/me/second-factor/totp',
    operationId: 'startTotpEnrolment',
    action: 'self.manage',
    summary: 'Start setting up an authenticator app: its secret and QR code (extension)',
    response: totpEnrolment,
    errors: [409],
    handler: (ctx) => startTotpEnrolment(ctx),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/me/second-factor/totp/confirm',
    operationId: 'confirmTotpEnrolment',
    action: 'self.manage',
    summary:
      'Confirm the app with one of its codes: the second factor is on; ten recovery codes, shown once (extension)',
    body: confirmTotpBody,
    response: recoveryCodesResponse,
    errors: [409],
    handler: (ctx, { body }) => confirmTotpEnrolment(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/me/second-factor/disable',
    operationId: 'disableSecondFactor',
    action: 'self.manage',
    summary: 'Turn the second factor off, with the password; your other sessions end (extension)',
    body: disableSecondFactorBody,
    response: revokedSessionsResponse,
    errors: [403],
    handler: (ctx, { body }, c) => reauthenticated(ctx, c, () => disableSecondFactor(ctx, body)),
  });

  defineRoute(app, {
    ...common,
    method: 'get',
    path: '/me/second-factor/passkeys',
    operationId: 'listPasskeys',
    action: 'self.manage',
    summary: 'Your passkeys, oldest first (extension)',
    response: listPasskeysResponse,
    handler: (ctx) => listMyPasskeys(ctx),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/me/second-factor/passkeys/options',
    operationId: 'startPasskeyRegistration',
    action: 'self.manage',
    summary: 'Start adding a passkey: the WebAuthn options for your browser (extension)',
    description:
      'The options of a registration ceremony (`PublicKeyCredentialCreationOptionsJSON`): user verification required, no attestation, your other passkeys excluded. Its challenge is accepted once, within 5 minutes. 409 at 20 passkeys.',
    response: passkeyOptionsResponse,
    errors: [409],
    handler: (ctx) => startPasskeyRegistration(ctx),
  });

  defineRoute(app, {
    ...common,
    method: 'post',
    path: '/me/second-factor/passkeys',
    operationId: 'registerPasskey',
    action: 'self.manage',
    summary:
      "Add a passkey with your authenticator's answer; ten recovery codes when it turns the second factor on (extension)",
    body: registerPasskeyBody,
    response: passkeyRegisteredResponse,
    errors: [409],
    handler: (ctx, { body }) => registerPasskey(ctx, body),
  });

  defineRoute(app, {
    ...common,
    method: 'delete',
    path: '/me/second-factor/passkeys/{passkey_id}',
    operationId: 'removePasskey',
    action: 'self.manage',
    summary: 'Remove one of your passkeys; not your last second factor (extension)',
    description:
      'Your last second factor is not removed this way (409): turning the second factor off takes your password (POST /me/second-factor/disable).',
    params: passkeyParams,
    response: z.object({ removed: z.number().int() }).openapi('PasskeyRemoved'),
    errors: [404, 409],
    handler: (ctx, { params }) => removeMyPasskey(ctx, params.passkey_id),
  });
}
