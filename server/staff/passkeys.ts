import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Transaction } from 'kysely';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';

/*
 * Staff passkeys (WebAuthn, through @simplewebauthn/server; docs/decisions/023-staff-realm.md). The relying party is
 * the app's own origin (APP_URL): its host name is the RP ID. Challenges are made and kept by the server, used once,
 * for five minutes; user verification is required, so a passkey is both factors' worth of proof on its own device
 * and is asked after the password as the second factor.
 */

const challengeTtlMs = 5 * 60_000;
const rpName = 'Tameio back office';

export function relyingParty(config: Config): { rpID: string; origin: string } {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const refused = () =>
  new AppError(
    'passkey_refused',
    400,
    'This passkey was not accepted. Try again, or use your authenticator app.',
  );

export async function passkeyRegistrationOptions(
  db: Database,
  config: Config,
  staff: { staffId: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db
    .selectFrom('staff_passkeys')
    .select(['credential_id', 'transports'])
    .where('staff_id', '=', staff.staffId)
    .execute();
  const options = await generateRegistrationOptions({
    rpName,
    rpID: relyingParty(config).rpID,
    userName: staff.email,
    userDisplayName: staff.name,
    userID: new TextEncoder().encode(staff.staffId),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    timeout: challengeTtlMs,
  });
  await db
    .insertInto('staff_passkey_challenges')
    .values({
      staff_id: staff.staffId,
      challenge: options.challenge,
      expires_at: new Date(Date.now() + challengeTtlMs),
    })
    .execute();
  return options;
}

export async function addPasskey(
  db: Database,
  config: Config,
  staff: { staffId: string },
  input: { name: string; response: RegistrationResponseJSON },
  origin: RequestOrigin | null,
): Promise<{ credential_id: string; name: string }> {
  const name = input.name.trim();
  const { rpID, origin: expectedOrigin } = relyingParty(config);
  return db.transaction().execute(async (trx) => {
    // Any unexpired, unused challenge of this staff member's may be the one signed; it is spent when it matches.
    const challenges = await trx
      .selectFrom('staff_passkey_challenges')
      .select(['id', 'challenge'])
      .where('staff_id', '=', staff.staffId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .forUpdate()
      .execute();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: (challenge) => challenges.some((row) => row.challenge === challenge),
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    } catch {
      throw refused();
    }
    if (!verified.verified) throw refused();
    const signed = clientChallenge(input.response.response.clientDataJSON);
    await trx
      .updateTable('staff_passkey_challenges')
      .set({ used_at: new Date() })
      .where('staff_id', '=', staff.staffId)
      .where('challenge', '=', signed)
      .execute();
    const { credential } = verified.registrationInfo;
    const taken = await trx
      .selectFrom('staff_passkeys')
      .select('credential_id')
      .where('credential_id', '=', credential.id)
      .executeTakeFirst();
    if (taken) throw new AppError('conflict', 409, 'This passkey is already registered.');
    await trx
      .insertInto('staff_passkeys')
      .values({
        credential_id: credential.id,
        staff_id: staff.staffId,
        public_key: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        name,
      })
      .execute();
    await recordAudit(trx, {
      realm: 'staff',
      actorUserId: staff.staffId,
      merchantId: null,
      action: 'staff.passkey_added',
      subject: `passkey:${credential.id.slice(0, 16)}`,
      details: { name },
      origin,
    });
    return { credential_id: credential.id, name };
  });
}

/** The challenge a client signed, read from its clientDataJSON (base64url JSON); '' when unreadable. */
function clientChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

/** The passkey request of a sign-in: only this staff member's credentials, user verification required. */
export async function passkeyAuthenticationOptions(
  trx: Transaction<DB> | Database,
  config: Config,
  staffId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const credentials = await trx
    .selectFrom('staff_passkeys')
    .select(['credential_id', 'transports'])
    .where('staff_id', '=', staffId)
    .execute();
  if (credentials.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: credentials.map((row) => ({ id: row.credential_id, transports: row.transports })),
    userVerification: 'required',
    timeout: challengeTtlMs,
  });
}

/** Verifies a sign-in's passkey answer against the ticket's challenge; moves the signature counter on. */
export async function verifyPasskeySignIn(
  trx: Transaction<DB>,
  config: Config,
  staffId: string,
  expectedChallenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const row = await trx
    .selectFrom('staff_passkeys')
    .select(['credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', response.id)
    .where('staff_id', '=', staffId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(row.public_key),
        counter: Number(row.counter),
        transports: row.transports,
      },
    });
    if (!result.verified) return false;
    await trx
      .updateTable('staff_passkeys')
      .set({ counter: BigInt(result.authenticationInfo.newCounter), last_used_at: new Date() })
      .where('credential_id', '=', row.credential_id)
      .execute();
    return true;
  } catch {
    return false;
  }
}
