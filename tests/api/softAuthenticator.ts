import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software passkey for API tests: what a platform authenticator does, in the few lines WebAuthn needs (an ES256 key,
 * "none" attestation, user presence and verification flags, a signature counter). The browser tests use Chromium's
 * virtual authenticator instead; this one lets the API tests reach the server's WebAuthn checks without a browser.
 */

/** CBOR (RFC 8949) for what WebAuthn needs here: maps, text, byte strings and small integers. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

export type SoftPasskey = {
  credentialId: string;
  privateKey: KeyObject;
  counter: number;
};

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** Answers navigator.credentials.create: a new key for `rpId`, attested with "none". */
export function createPasskey(options: { challenge: string; rp: { id?: string } }, origin: string) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  const coseKey = new Map<Cbor, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // counter 0
    Buffer.alloc(16), // AAGUID
    idLength,
    credentialId,
    cbor(coseKey),
  ]);
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const passkey: SoftPasskey = { credentialId: b64url(credentialId), privateKey, counter: 0 };
  const response = {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** Answers navigator.credentials.get with this passkey; the counter moves on each time. */
export function signWithPasskey(
  passkey: SoftPasskey,
  options: { challenge: string; rpId?: string },
  origin: string,
  overrides: { userVerified?: boolean } = {},
) {
  const rpId = options.rpId ?? new URL(origin).hostname;
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([overrides.userVerified === false ? 0x01 : 0x05]),
    counter,
  ]);
  const data = clientData('webauthn.get', options.challenge, origin);
  const signature = sign(
    'sha256',
    Buffer.concat([authenticatorData, createHash('sha256').update(data).digest()]),
    passkey.privateKey,
  );
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
    },
    clientExtensionResults: {},
  };
}
