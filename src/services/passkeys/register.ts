import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { passkeys } from "../../db/schema/index";
import type { PasskeyRow } from "../../db/schema";
import { ApiError, conflict } from "../../lib/errors";
import { nowIso } from "../../lib/clock";
import { base64url } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import {
  answeredChallenge,
  recordChallenge,
  takeChallenge,
  type RelyingParty,
} from "./relying-party";

/**
 * Registering a passkey for a signed-in person (docs/security.md, "Passkeys"): options with a
 * fresh challenge bound to the credential (session or token) that asked, then the browser's
 * answer verified by @simplewebauthn/server (challenge, origin, RP id, user presence) and stored.
 * Discoverable credentials are asked for, so the person can later sign in without a name.
 */

/** Most passkeys one person may register. */
const MAX_PASSKEYS = 20;

/** The person registering, and the credential they asked with. */
export interface Registrant {
  userId: string;
  email: string;
  displayName: string;
  credentialId: string;
}

/** Registration options for the browser (`navigator.credentials.create`), challenge recorded. */
export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  who: Registrant,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, who.userId));
  if (existing.length >= MAX_PASSKEYS) {
    throw conflict(`A person has at most ${MAX_PASSKEYS} passkeys: remove one first`);
  }
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: who.email,
    userDisplayName: who.displayName,
    userID: new TextEncoder().encode(who.userId),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      ...(p.transports ? { transports: p.transports } : {}),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await recordChallenge(db, {
    challenge: options.challenge,
    purpose: "register",
    binding: who.credentialId,
    userId: who.userId,
  });
  return options;
}

/** Verifies the browser's registration answer and stores the passkey under `name`. */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  who: Registrant,
  name: string,
  response: RegistrationResponseJSON,
): Promise<PasskeyRow> {
  const challenge = answeredChallenge(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, "register", who.credentialId, challenge))) {
    throw new ApiError(
      403,
      "This answer matches no passkey registration under way (unknown, expired or used challenge)",
    );
  }
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    throw new ApiError(403, `The passkey was refused: ${reason(error)}`);
  }
  if (!verified.verified) throw new ApiError(403, "The passkey was refused");
  const credential = verified.registrationInfo.credential;
  const [held] = await db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, who.userId));
  if ((held?.n ?? 0) >= MAX_PASSKEYS)
    throw conflict(`A person has at most ${MAX_PASSKEYS} passkeys`);
  const row: PasskeyRow = {
    id: newId(),
    userId: who.userId,
    credentialId: credential.id,
    publicKey: base64url(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? null,
    name,
    createdAt: nowIso(),
    lastUsedAt: null,
  };
  const inserted = await db
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  if (inserted.length === 0) throw conflict("This passkey is already registered");
  return row;
}

/** A library error's message, short (never a stack). */
export function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
