import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { defineRoute } from '@/lib/api/define-route';
import { RateLimitedError, SignInGuardedError } from '@/lib/errors';
import type { SignInGuard } from '@/lib/services/organizations/sign-in-guard';
import { reviewOrganization } from '@/lib/services/organizations/review';
import type { GatewayEnv } from '@/lib/api/env';
import type { Context } from 'hono';
import type { ServiceContext } from '@/lib/services/context';
import { clientAddress } from '@/lib/api/client-address';
import { getSignInThrottle } from '@/lib/api/limiter-instance';
import {
  decideOrganization,
  getMe,
  getOwnOrganization,
  listOrganizations,
  normalizeEmail,
  setPreferredNamespace,
  setSecondFactorPolicy,
  signUp,
} from '@/lib/services/organizations/organizations';
import { passkeySignIn, recordThrottledSignIn, signIn } from '@/lib/services/organizations/sign-in';
import {
  organizationDecisionBody,
  organizationSchema,
  signUpSchema,
  signInSchema,
  meSchema,
  setPreferredPartnerBody,
  listOrganizationsQuery,
  listOrganizationsResponse,
  organizationReviewSchema,
  secondFactorPolicyBody,
  passkeySignInBody,
  passkeyOptionsResponse,
} from '@/lib/schemas/organizations';

/**
 * A sign-in step under the sign-in throttle (told whether the account is guarded): a refusal past
 * its limits, or a guarded account's refusal that checked nothing, is recorded in the trail.
 */
async function throttled<T>(
  ctx: ServiceContext,
  emailGiven: string,
  c: Context<GatewayEnv>,
  step: (guard: SignInGuard | null) => Promise<T>,
) {
  const email = normalizeEmail(emailGiven);
  try {
    return await getSignInThrottle(ctx.db).attempt({ email, address: clientAddress(c) }, step);
  } catch (err) {
    if (err instanceof RateLimitedError || (err instanceof SignInGuardedError && !err.failed))
      await recordThrottledSignIn(ctx.db, ctx, email, Number(err.headers?.['Retry-After'] ?? 0));
    throw err;
  }
}

export function registerOrganizationRoutes(app: OpenAPIHono<GatewayEnv>) {
  defineRoute(app, {
    method: 'post',
    path: '/organization',
    operationId: 'signUp',
    action: 'public',
    tag: 'Organization',
    summary: 'Sign up: create a sandbox organization (extension)',
    description:
      'Creates a sandbox organization, its admin user and a first sandbox namespace linked to the Sandbox Bank.',
    rateLimited: 'sign-up',
    idempotent: true,
    body: signUpSchema,
    response: organizationSchema,
    errors: [409],
    handler: (ctx, { body }) => signUp(ctx.db, body, ctx),
  });

  defineRoute(app, {
    method: 'post',
    path: '/organization/signin',
    operationId: 'signIn',
    specBody: true,
    action: 'public',
    tag: 'Organization',
    summary: 'Sign in with an admin email and password',
    description:
      'An address may have an account in several organizations: the password is tried against each (at most 10, the latest signed in first) and the first that matches signs in; organization_id picks one. Failed sign-ins are limited over a sliding window of 15 minutes (by default): 10 per account and client address and 100 per client address, past which that address gets 429 with Retry-After (the right password included, the same for every e-mail); and 20 per account from all addresses, past which the account is guarded: it still signs in from an address it signed in from in the last 90 days, and from any other only with `otp_code` (an authenticator or recovery code) in the same request — otherwise 429 `error.sign_in_guarded`, whether the password was right or not. With the right password, an account with a second factor answers 401 `error.second_factor_required` without `otp_code`, and 401 `error.second_factor_code_used` for an authenticator code already accepted once (it signed in or confirmed the set-up): wait for the next one; a wrong code is 401 `error.unauthorized`. Anonymous writes are limited per client address (20 a minute by default).',
    idempotent: true,
    answerHoldsSecret: true,
    body: signInSchema,
    response: z
      .object({ access_token: z.string(), token: z.string(), role: z.string(), user_id: z.string() })
      .openapi('SignInResult'),
    errors: [401],
    handler: (ctx, { body }, c) =>
      throttled(ctx, body.admin_email, c, (guard) => signIn(ctx.db, body, ctx, guard)),
  });

  defineRoute(app, {
    method: 'post',
    path: '/organization/signin/passkey',
    operationId: 'startPasskeySignIn',
    action: 'public',
    tag: 'Organization',
    summary: 'Sign in with a passkey, first step: the password, then WebAuthn options (extension)',
    description:
      "Checks the password as POST /organization/signin does (a wrong one is a failed sign-in, limited and recorded alike) and answers the options of a WebAuthn ceremony for the account's passkeys. The authenticator's answer goes, with the same e-mail and password, as `passkey` to POST /organization/signin. 409 when the account has no passkey.",
    body: passkeySignInBody,
    response: passkeyOptionsResponse,
    errors: [401, 409],
    handler: (ctx, { body }, c) =>
      throttled(ctx, body.admin_email, c, (guard) => passkeySignIn(ctx.db, body, ctx, guard)),
  });

  defineRoute(app, {
    method: 'get',
    path: '/organization',
    operationId: 'getOrganization',
    action: 'organization.read',
    tag: 'Organization',
    summary: "The caller's organization (extension)",
    beforeSecondFactor: true,
    response: organizationSchema,
    handler: (ctx) => getOwnOrganization(ctx),
  });

  defineRoute(app, {
    method: 'put',
    path: '/organization/second-factor',
    operationId: 'setSecondFactorPolicy',
    action: 'organization.manage',
    tag: 'Organization',
    summary: 'Require a second factor of every user of the organization, or stop (extension)',
    description:
      'While required, a user without a second factor may only read who they are, set one up, see their sessions and sign out: every other operation answers 403 saying so. Only an admin who has a second factor may turn it on.',
    idempotent: true,
    body: secondFactorPolicyBody,
    response: organizationSchema,
    handler: (ctx, { body }) => setSecondFactorPolicy(ctx, body.required),
  });

  defineRoute(app, {
    method: 'get',
    path: '/me',
    operationId: 'getMe',
    action: 'self.manage',
    tag: 'Organization',
    summary: 'The signed-in user, its organization and namespaces (extension)',
    beforeSecondFactor: true,
    response: meSchema,
    handler: (ctx) => getMe(ctx),
  });

  defineRoute(app, {
    method: 'put',
    path: '/me/partner',
    operationId: 'setPreferredPartner',
    action: 'namespaces.choose',
    tag: 'Organization',
    summary: "Remember the user's selected namespace (extension)",
    beforeSecondFactor: true,
    body: setPreferredPartnerBody,
    response: meSchema,
    handler: (ctx, { body }) => setPreferredNamespace(ctx, body.partner_id),
  });

  defineRoute(app, {
    method: 'get',
    path: '/operator/organizations',
    operationId: 'listOrganizations',
    action: 'organizations.review',
    tag: 'Operator',
    summary: 'Organizations of the network, by status (operator)',
    query: listOrganizationsQuery,
    response: listOrganizationsResponse,
    handler: (ctx, { query }) => listOrganizations(ctx, query),
  });

  defineRoute(app, {
    method: 'get',
    path: '/operator/organizations/{org_id}',
    operationId: 'reviewOrganization',
    action: 'organizations.review',
    tag: 'Operator',
    summary: "An organization's sandbox activity, for its review (operator, extension)",
    description:
      "Who is behind it — its admins' e-mails, and its sign-up's time, client address and User-Agent as its audit trail recorded them —, its people by role and, per namespace, the getting-started checklist, the payments it was party to by status, its exceptions and its webhooks (failing, disabled): what the operator reads before verifying or rejecting it.",
    params: z.object({ org_id: z.string().max(64) }),
    response: organizationReviewSchema,
    errors: [404],
    handler: (ctx, { params }) => reviewOrganization(ctx, params.org_id),
  });

  for (const [verb, decision] of [
    ['verify', 'verified'],
    ['reject', 'rejected'],
  ] as const) {
    defineRoute(app, {
      method: 'post',
      path: `/operator/organizations/{org_id}/${verb}`,
      operationId: verb === 'verify' ? 'verifyOrganization' : 'rejectOrganization',
      action: 'organizations.verify',
      tag: 'Operator',
      summary: `${verb === 'verify' ? 'Verify' : 'Reject'} a sandbox organization (operator)`,
      idempotent: true,
      params: z.object({ org_id: z.string().max(64) }),
      body: organizationDecisionBody,
      bodyOptional: true,
      response: organizationSchema,
      errors: [404, 409],
      handler: (ctx, { params, body }) => decideOrganization(ctx, params.org_id, decision, body.note),
    });
  }
}
