import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { config } from '@/lib/config';
import { clientAddressFromHeaders } from '@/lib/api/client-address';
import { sameOriginPath } from '@/lib/security/redirect-target';
import type { ErrorBody } from '@/lib/errors';
import { callGateway } from './gateway-client';
import {
  SECOND_FACTOR_CODE_USED,
  SECOND_FACTOR_REQUIRED,
  SIGN_IN_GUARDED,
  SIGN_IN_THROTTLED,
} from '@/lib/domain/sign-in-errors';

/** Encrypts the session cookie: NEXTAUTH_SECRET (lib/config.ts). */
export const SESSION_SECRET = config.nextAuthSecret;

interface SignInResult {
  access_token: string;
  token: string;
  role: string;
  user_id: string;
}

/** The passkey's answer as the form sent it (JSON text); what is not JSON the gateway refuses. */
function parsedPasskey(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function decodeExp(jwt: string): number {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).exp as number;
  } catch {
    return Math.floor(Date.now() / 1000);
  }
}

/**
 * next-auth with the gateway's sign-in. The gateway JWT lives only in next-auth's encrypted,
 * http-only session cookie; the session handed to the browser carries email, role and org id.
 */
export const authOptions: NextAuthOptions = {
  secret: SESSION_SECRET,
  session: { strategy: 'jwt', maxAge: 7 * 24 * 3600 },
  pages: { signIn: '/signin' },
  providers: [
    CredentialsProvider({
      name: 'Email',
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
        code: { label: 'Authentication code', type: 'text' },
        /** A passkey's answer (JSON), instead of a code: the sign-in form's passkey button. */
        passkey: { label: 'Passkey', type: 'text' },
      },
      async authorize(credentials, req) {
        if (!credentials?.email || !credentials.password) return null;
        const res = await callGateway('/organization/signin', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The browser's, for the audit trail's sign-in entries.
            ...(typeof req?.headers?.['user-agent'] === 'string'
              ? { 'user-agent': req.headers['user-agent'] }
              : {}),
          },
          body: JSON.stringify({
            admin_email: credentials.email,
            admin_password: credentials.password,
            ...(credentials.code ? { otp_code: credentials.code } : {}),
            ...(credentials.passkey ? { passkey: parsedPasskey(credentials.passkey) } : {}),
          }),
          clientAddress: clientAddressFromHeaders((name) => req?.headers?.[name]),
        });
        if (res.status === 401) {
          // The password was right and a second factor is on: the form asks for the code.
          const refusal = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
          if (refusal?.code === 'error.second_factor_required') throw new Error(SECOND_FACTOR_REQUIRED);
          // The current code, already accepted once: the form says to wait for the next one.
          if (refusal?.code === 'error.second_factor_code_used') throw new Error(SECOND_FACTOR_CODE_USED);
          return null;
        }
        // Read by the sign-in form (signInErrorMessage), which says how long to wait, or, for a
        // guarded account, asks for the second factor's code with the password.
        if (res.status === 429) {
          const refusal = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
          const kind = refusal?.code === 'error.sign_in_guarded' ? SIGN_IN_GUARDED : SIGN_IN_THROTTLED;
          throw new Error(`${kind}:${res.headers.get('retry-after') ?? ''}`);
        }
        const body = await res.json();
        if (!res.ok) throw new Error(body?.message ?? 'Sign-in failed');
        const data = body.data as SignInResult;
        return {
          id: data.user_id,
          email: credentials.email.toLowerCase(),
          role: data.role,
          orgId: data.role === 'operator' ? null : data.token,
          accessToken: data.access_token,
        };
      },
    }),
  ],
  events: {
    // Signing out ends the gateway session too: its token is refused from then on, everywhere.
    async signOut(message) {
      const token = 'token' in message ? message.token : null;
      const accessToken = token?.accessToken as string | undefined;
      if (!accessToken) return;
      await callGateway('/organization/signout', {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
      }).catch(() => undefined);
    },
  },
  callbacks: {
    // Where next-auth sends the browser after a sign-in or sign-out (its `callbackUrl`): a path
    // of the dashboard's own origin, or the overview (lib/security/redirect-target.ts).
    redirect({ url, baseUrl }) {
      return `${baseUrl}${sameOriginPath(url, baseUrl)}`;
    },
    async jwt({ token, user }) {
      if (user) {
        const u = user as unknown as { role: string; orgId: string | null; accessToken: string };
        token.role = u.role;
        token.orgId = u.orgId;
        token.accessToken = u.accessToken;
        token.accessExp = decodeExp(u.accessToken);
      }
      // The session ends with the gateway token.
      if (typeof token.accessExp === 'number' && token.accessExp * 1000 < Date.now())
        return { ...token, accessToken: undefined, expired: true };
      return token;
    },
    async session({ session, token }) {
      return {
        ...session,
        expires:
          typeof token.accessExp === 'number'
            ? new Date(token.accessExp * 1000).toISOString()
            : session.expires,
        user: {
          email: token.email ?? null,
          role: token.role as string,
          orgId: (token.orgId as string | null) ?? null,
        },
      };
    },
  },
};
