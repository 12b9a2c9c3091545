import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { config } from '@/lib/config';

/**
 * Passkeys (WebAuthn, by @simplewebauthn/server): the ceremonies' options and the checks of their
 * answers, free of storage (lib/services/sessions/passkeys.ts keeps the credentials and the
 * challenges). The relying party is the dashboard's domain (`config.passkeyRpId`); a ceremony's
 * origin must be one of ours (`originAllowed`), and the authenticator must have verified the
 * person (PIN, fingerprint): a passkey is then a second factor by itself.
 */
const RP_NAME = 'Payment Network';
/** How long the browser may take over a ceremony, and how long its challenge is accepted. */
export const CEREMONY_SECONDS = 300;

/** A stored passkey, as the checks need it. */
export interface StoredPasskey {
  id: string;
  publicKey: string;
  signCount: number;
  transports: string[];
}

/**
 * Whether a ceremony may come from `origin`: one of `PASSKEY_ORIGINS` when set; otherwise an
 * https origin on the relying party's domain (or a subdomain), or http on `localhost` — the rule
 * browsers apply to the RP id, checked again here.
 */
export function originAllowed(origin: string, rpId = config.passkeyRpId, allowed = config.passkeyOrigins) {
  if (allowed.length) return allowed.includes(origin);
  const url = URL.parse(origin);
  if (!url || url.origin !== origin) return false;
  const onDomain = url.hostname === rpId || url.hostname.endsWith(`.${rpId}`);
  return onDomain && (url.protocol === 'https:' || (url.protocol === 'http:' && rpId === 'localhost'));
}

/** The origin the browser wrote into a ceremony's client data, when it is one of ours. */
function checkedOrigin(clientDataJSON: unknown): string {
  let origin: unknown;
  try {
    origin = JSON.parse(isoBase64URL.toUTF8String(String(clientDataJSON))).origin;
  } catch {
    throw new PasskeyError('response.clientDataJSON is not a WebAuthn client data');
  }
  if (typeof origin !== 'string' || !originAllowed(origin))
    throw new PasskeyError(`The passkey was used on ${String(origin)}, which is not this dashboard`);
  return origin;
}

/** A ceremony's answer the checks refuse: the caller turns it into its error. */
export class PasskeyError extends Error {}

/**
 * The library's check of an answer against the ceremony it answers (our relying party, the origin
 * it came from, its challenge, user verification required): a refusal, thrown or said, is a
 * PasskeyError; what a verified answer holds otherwise.
 */
async function verified<R extends { verified: boolean }>(
  clientDataJSON: unknown,
  challenge: string,
  verify: (expected: {
    expectedChallenge: string;
    expectedOrigin: string;
    expectedRPID: string;
    requireUserVerification: true;
  }) => Promise<R>,
): Promise<R & { verified: true }> {
  const expected = {
    expectedChallenge: challenge,
    expectedOrigin: checkedOrigin(clientDataJSON),
    expectedRPID: config.passkeyRpId,
    requireUserVerification: true as const,
  };
  let result: R;
  try {
    result = await verify(expected);
  } catch (err) {
    throw new PasskeyError((err as Error).message);
  }
  if (!result.verified) throw new PasskeyError('The passkey could not be verified');
  return result as R & { verified: true };
}

export function registrationOptions(
  user: { id: string; email: string; name: string },
  existing: StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: config.passkeyRpId,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
    timeout: CEREMONY_SECONDS * 1000,
    attestationType: 'none',
    // One passkey per authenticator: the browser says so instead of making a second.
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
}

/** The registration's answer, checked against its challenge: the credential to keep. */
export async function verifyRegistration(response: RegistrationResponseJSON, challenge: string) {
  const result = await verified(response?.response?.clientDataJSON, challenge, (expected) =>
    verifyRegistrationResponse({ response, ...expected }),
  );
  const { credential, credentialBackedUp } = result.registrationInfo;
  return {
    id: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    signCount: credential.counter,
    transports: credential.transports ?? [],
    backedUp: credentialBackedUp,
  };
}

export function authenticationOptions(
  passkeys: StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: config.passkeyRpId,
    timeout: CEREMONY_SECONDS * 1000,
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({
      id: p.id,
      transports: p.transports as AuthenticatorTransport[],
    })),
  });
}

/** A sign-in's answer, checked against its challenge and the passkey it names: its new counter. */
export async function verifyAuthentication(
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
): Promise<{ signCount: number; backedUp: boolean }> {
  const result = await verified(response?.response?.clientDataJSON, challenge, (expected) =>
    verifyAuthenticationResponse({
      response,
      ...expected,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports as AuthenticatorTransport[],
      },
    }),
  );
  return {
    signCount: result.authenticationInfo.newCounter,
    backedUp: result.authenticationInfo.credentialBackedUp,
  };
}
