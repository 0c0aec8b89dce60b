import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { webauthnChallenges } from "../../db/schema/index";
import { nowMs } from "../../lib/clock";
import { fromBase64url } from "../../lib/crypto";

/**
 * The WebAuthn relying party of a deployment (docs/security.md, "Passkeys"): its id is the host
 * of PUBLIC_APP_URL and the one origin it accepts is that URL's origin, so a passkey made for, or
 * a ceremony run on, any other origin is refused. Challenges are single use and short-lived.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party of the deployment's app URL. */
export function relyingPartyOf(env: { PUBLIC_APP_URL: string }): RelyingParty {
  const url = new URL(env.PUBLIC_APP_URL);
  return { id: url.hostname, origin: url.origin, name: "Quire" };
}

/** How long a ceremony's challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Records a challenge issued for `purpose`, bound to `binding`. */
export async function recordChallenge(
  db: Database,
  row: {
    challenge: string;
    purpose: "register" | "sign-in";
    binding: string;
    userId: string | null;
  },
): Promise<void> {
  const expiresAt = new Date(nowMs() + CHALLENGE_TTL_MS).toISOString();
  await db.insert(webauthnChallenges).values({ ...row, expiresAt });
}

/**
 * The challenge a ceremony's response answers, read from its `clientDataJSON` (base64url JSON),
 * or null when the response does not carry one in that form.
 */
export function answeredChallenge(clientDataJSON: string): string | null {
  const bytes = fromBase64url(clientDataJSON);
  if (!bytes) return null;
  try {
    const data = JSON.parse(new TextDecoder().decode(bytes)) as { challenge?: unknown };
    return typeof data.challenge === "string" ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes (deletes) the live challenge `challenge` issued for `purpose` to `binding`: true when it
 * was there. A second answer with the same challenge finds nothing.
 */
export async function takeChallenge(
  db: Database,
  purpose: "register" | "sign-in",
  binding: string,
  challenge: string,
): Promise<boolean> {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.binding, binding),
        gt(webauthnChallenges.expiresAt, new Date(nowMs()).toISOString()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken.length > 0;
}
