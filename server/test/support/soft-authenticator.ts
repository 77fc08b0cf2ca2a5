import crypto from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for the API tests, together with the part of the browser that
 * builds clientDataJSON. It answers the options @simplewebauthn/server's generateRegistrationOptions
 * and generateAuthenticationOptions return with what `navigator.credentials.create()/get()` would
 * send as JSON: real ES256 (P-256) keys, real CBOR, real signatures. So the server's
 * verifyRegistrationResponse / verifyAuthenticationResponse check them for real, and a wrong
 * challenge, origin, RP ID or counter fails there as it would with a passkey on a phone.
 *
 * Registration uses attestation 'none' with flags UP, UV (unless `userVerified: false`) and AT; the
 * backup flags (BE, BS) stay off. Every credential is discoverable: its user handle is the
 * `user.id` of the registration options and comes back as `response.userHandle` on every assertion.
 */

/** The JSON `navigator.credentials.create()` answers (RegistrationResponseJSON). */
export type SoftRegistrationResponse = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    attestationObject: string;
    authenticatorData: string;
    transports: string[];
    publicKeyAlgorithm: number;
    /** SubjectPublicKeyInfo (DER), base64url, as getPublicKey() gives it. */
    publicKey: string;
  };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
};

/** The JSON `navigator.credentials.get()` answers (AuthenticationResponseJSON). */
export type SoftAuthenticationResponse = {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
};

/** One credential the authenticator holds, as the tests may look at it. */
export type SoftCredential = { id: string; counter: number; userHandle: string; rpId: string };

type StoredCredential = SoftCredential & { privateKey: crypto.KeyObject };

/** COSE algorithm ES256 (ECDSA with P-256 and SHA-256). */
const ES256 = -7;

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string): Buffer => crypto.createHash('sha256').update(data).digest();

const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

function uint32BE(value: number): Buffer {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new Error(`Signaturzähler ${value} passt nicht in 32 Bit`);
  const buf = Buffer.alloc(4);
  buf.writeUInt32BE(value);
  return buf;
}

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} ist kein Objekt`);
  return value as Record<string, unknown>;
}

function asString(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${what} fehlt oder ist kein Text`);
  return value;
}

/** The ids of a list of PublicKeyCredentialDescriptorJSON, or null when the list is absent or empty. */
function descriptorIds(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.map((d, i) => asString(asRecord(d, `allowCredentials[${i}]`).id, `allowCredentials[${i}].id`));
}

export class SoftAuthenticator {
  readonly origin: string;
  readonly #credentials: StoredCredential[] = [];

  constructor(opts: { origin: string }) {
    this.origin = opts.origin;
  }

  /** The credentials held, oldest first (copies; changing them changes nothing). */
  get credentials(): SoftCredential[] {
    return this.#credentials.map(({ id, counter, userHandle, rpId }) => ({ id, counter, userHandle, rpId }));
  }

  /**
   * Creates a new ES256 credential for PublicKeyCredentialCreationOptionsJSON and answers the
   * RegistrationResponseJSON. `counter` is the signature counter the credential starts at (0);
   * `origin` and `challenge` replace what the client would put in clientDataJSON (for tests of refusals).
   */
  register(
    options: Record<string, unknown>,
    opts: { userVerified?: boolean; counter?: number; origin?: string; challenge?: string } = {},
  ): SoftRegistrationResponse {
    const challenge = opts.challenge ?? asString(options.challenge, 'options.challenge');
    const user = asRecord(options.user, 'options.user');
    const userHandle = asString(user.id, 'options.user.id');
    const rp = options.rp == null ? {} : asRecord(options.rp, 'options.rp');
    const rpId = typeof rp.id === 'string' && rp.id !== '' ? rp.id : new URL(this.origin).hostname;
    const params = options.pubKeyCredParams;
    if (Array.isArray(params) && params.length > 0 && !params.some((p) => asRecord(p, 'pubKeyCredParams[]').alg === ES256)) {
      throw new Error('NotSupportedError: pubKeyCredParams enthält ES256 (-7) nicht');
    }

    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const x = Buffer.from(asString(jwk.x, 'jwk.x'), 'base64url');
    const y = Buffer.from(asString(jwk.y, 'jwk.y'), 'base64url');
    const coseKey: Parameters<typeof isoCBOR.encode>[0] = new Map<string | number, Uint8Array | number>([
      [1, 2], // kty: EC2
      [3, ES256], // alg
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(x)],
      [-3, new Uint8Array(y)],
    ]);
    const credentialId = crypto.randomBytes(32);
    const counter = opts.counter ?? 0;

    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV) | FLAG_AT]),
      uint32BE(counter),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
      credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string | number, Uint8Array | string | Map<string | number, number>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string | number, number>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = this.#clientData('webauthn.create', challenge, opts.origin);

    const id = b64url(credentialId);
    this.#credentials.push({ id, counter, userHandle, rpId, privateKey });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON,
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authData),
        transports: ['internal'],
        publicKeyAlgorithm: ES256,
        publicKey: b64url(publicKey.export({ format: 'der', type: 'spki' })),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * Signs PublicKeyCredentialRequestOptionsJSON with a credential for `options.rpId`: the one named
   * by `opts.credentialId`, else the newest one listed in `options.allowCredentials`, else the newest
   * one. Its counter goes up by one; `opts.counter` signs that value instead (and the credential
   * keeps it). `origin` and `challenge` replace what goes into clientDataJSON; `userVerified`
   * (default true) sets the UV flag.
   */
  authenticate(
    options: Record<string, unknown>,
    opts: { credentialId?: string; counter?: number; origin?: string; challenge?: string; userVerified?: boolean } = {},
  ): SoftAuthenticationResponse {
    const challenge = opts.challenge ?? asString(options.challenge, 'options.challenge');
    const rpId = typeof options.rpId === 'string' && options.rpId !== '' ? options.rpId : new URL(this.origin).hostname;
    const credential = this.#choose(rpId, descriptorIds(options.allowCredentials), opts.credentialId);

    credential.counter = opts.counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV)]),
      uint32BE(credential.counter),
    ]);
    const clientDataJSON = this.#clientData('webauthn.get', challenge, opts.origin);
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      { key: credential.privateKey, dsaEncoding: 'der' },
    );

    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  #choose(rpId: string, allowed: string[] | null, credentialId: string | undefined): StoredCredential {
    if (credentialId != null) {
      const named = this.#credentials.find((c) => c.id === credentialId);
      if (!named) throw new Error(`NotAllowedError: keine Anmeldedaten mit der ID ${credentialId}`);
      return named;
    }
    const candidates = this.#credentials.filter((c) => c.rpId === rpId && (allowed == null || allowed.includes(c.id)));
    const chosen = candidates.at(-1);
    if (!chosen) throw new Error(`NotAllowedError: keine passenden Anmeldedaten für ${rpId}`);
    return chosen;
  }

  /** clientDataJSON as the browser serialises it, base64url-encoded. */
  #clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string | undefined): string {
    return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin: origin ?? this.origin, crossOrigin: false }));
  }
}
