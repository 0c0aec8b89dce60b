import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { passkeys } from "../../db/schema/index";
import { ApiError } from "../../lib/errors";
import { nowIso } from "../../lib/clock";
import { fromBase64url, randomToken, sha256Hex } from "../../lib/crypto";
import {
  answeredChallenge,
  CHALLENGE_TTL_MS,
  recordChallenge,
  takeChallenge,
  type RelyingParty,
} from "./relying-party";
import { reason } from "./register";

/**
 * Signing in with a passkey, usernameless (docs/security.md, "Passkeys"): options with no
 * allowed credentials (the browser offers the person's discoverable passkeys for this RP id) and
 * a challenge bound to a cookie of the asking browser; the answer's credential is looked up by
 * id, its signature verified against the stored public key (challenge, origin, RP id, counter),
 * and its counter and last use recorded.
 */

/** Sign-in options and the value of the cookie that binds them to this browser. */
export async function signInOptions(
  db: Database,
  rp: RelyingParty,
): Promise<{
  options: PublicKeyCredentialRequestOptionsJSON;
  browserSecret: string;
  maxAgeSeconds: number;
}> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
  });
  const browserSecret = randomToken(32);
  await recordChallenge(db, {
    challenge: options.challenge,
    purpose: "sign-in",
    binding: await sha256Hex(browserSecret),
    userId: null,
  });
  return { options, browserSecret, maxAgeSeconds: CHALLENGE_TTL_MS / 1000 };
}

/** Verifies a sign-in answer; the person whose passkey it is, or a 403 saying why not. */
export async function signInWithPasskey(
  db: Database,
  rp: RelyingParty,
  browserSecret: string | null,
  response: AuthenticationResponseJSON,
): Promise<string> {
  const challenge = answeredChallenge(response.response.clientDataJSON);
  const binding = browserSecret ? await sha256Hex(browserSecret) : null;
  if (!challenge || !binding || !(await takeChallenge(db, "sign-in", binding, challenge))) {
    throw new ApiError(
      403,
      "This answer matches no passkey sign-in started in this browser (unknown, expired or used challenge)",
    );
  }
  const [passkey] = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  const publicKey = passkey ? fromBase64url(passkey.publicKey) : null;
  if (!passkey || !publicKey) {
    throw new ApiError(403, "This passkey is not registered here (it may have been removed)");
  }
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(publicKey),
        counter: passkey.counter,
        ...(passkey.transports ? { transports: passkey.transports } : {}),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    throw new ApiError(403, `The passkey was refused: ${reason(error)}`);
  }
  if (!verified.verified) throw new ApiError(403, "The passkey was refused");
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: nowIso() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)));
  return passkey.userId;
}
