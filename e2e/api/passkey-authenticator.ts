import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for API tests — the device at the edge of a WebAuthn ceremony,
 * standing in for a phone or a security key: an ES256 key pair, "none" attestation, user presence
 * and verification flags, a signature counter. It answers the gateway's options as a browser's
 * `navigator.credentials` would (the JSON of @simplewebauthn/browser).
 */
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64u = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface AuthenticatorOptions {
  rpId?: string;
  origin?: string;
  /** Sets the UV flag (a PIN or a fingerprint was checked). */
  userVerified?: boolean;
  /** Counts signatures (0 forever when false, as many synced passkeys do). */
  counts?: boolean;
}

export function softwareAuthenticator(opts: AuthenticatorOptions = {}) {
  const { rpId = 'localhost', origin = 'http://localhost:3000', userVerified = true, counts = true } = opts;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(16);
  const id = b64u(rawId);
  let counter = 0;
  const flags = (attested: boolean) => 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  const clientData = (type: string, challenge: string, at = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  return {
    id,
    /** Answers registration options (`PublicKeyCredentialCreationOptionsJSON`). */
    register(options: { challenge: string; rp?: { id?: string } }, at = origin) {
      const cose = new Map<number, Parameters<typeof isoCBOR.encode>[0]>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(options.rp?.id ?? rpId),
        Buffer.from([flags(true)]),
        u32(counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        rawId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Parameters<typeof isoCBOR.encode>[0]>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge, at)),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** Answers sign-in options (`PublicKeyCredentialRequestOptionsJSON`). */
    authenticate(options: { challenge: string; rpId?: string }, at = origin) {
      if (counts) counter += 1;
      const authenticatorData = Buffer.concat([
        sha256(options.rpId ?? rpId),
        Buffer.from([flags(false)]),
        u32(counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, at);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientDataJSON),
          authenticatorData: b64u(authenticatorData),
          signature: b64u(signature),
        },
        clientExtensionResults: {},
      };
    },
    /** Goes back to an earlier counter: a cloned authenticator. */
    rewind(to: number) {
      counter = to;
    },
  };
}
