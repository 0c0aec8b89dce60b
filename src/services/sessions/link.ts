import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { signInLinks } from "../../db/schema/index";
import { SIGN_IN_LINK_MS, SIGN_IN_LINK_PREFIX } from "../../../core/sessions/session";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";

/**
 * The operator's one-time sign-in links (docs/security.md, "Sessions"): how the first owner of a
 * fresh deployment gets in with no mail server. The operator command line writes the same row
 * (scripts/lib/statements.mjs `signInLinkPlan`, held equal by test/scripts/statements-drift);
 * only the token's digest is stored, and a link works once, within an hour.
 */

/** Issues a sign-in link token for a person; the token itself is never stored. */
export async function issueSignInLink(
  db: Database,
  userId: string,
): Promise<{ token: string; expiresAt: string }> {
  const token = SIGN_IN_LINK_PREFIX + randomToken(32);
  const now = nowMs();
  const expiresAt = new Date(now + SIGN_IN_LINK_MS).toISOString();
  await db.insert(signInLinks).values({
    id: newId(),
    userId,
    digest: await sha256Hex(token),
    createdAt: new Date(now).toISOString(),
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Spends a sign-in link: the person it signs in, or null when the token is unknown, expired or
 * already used. One conditional write, so two requests racing with one link get one session.
 */
export async function redeemSignInLink(db: Database, token: string): Promise<string | null> {
  const now = nowIso();
  const [spent] = await db
    .update(signInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInLinks.digest, await sha256Hex(token)),
        isNull(signInLinks.usedAt),
        gt(signInLinks.expiresAt, now),
      ),
    )
    .returning({ userId: signInLinks.userId });
  return spent?.userId ?? null;
}
