import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiTokens, userPasswords, users } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { ApiError, InvalidInputError } from "../../lib/errors";
import { nowIso, nowMs } from "../../lib/clock";
import { passwordProblem } from "../../lib/passwords/common";
import {
  hashPassword,
  needsRehash,
  UNMATCHABLE_HASH,
  verifyPassword,
} from "../../lib/passwords/hash";
import {
  clearFailuresStatement,
  failureSubject,
  lockEnd,
  lockStatement,
  PASSWORD_LOCK,
  recordFailure,
} from "./attempts";
import {
  passwordForbiddingOrgOf,
  restrictingOrgsOf,
  restrictingOrgsStatement,
  ssoOrgOf,
  type RestrictingOrg,
} from "./org-policy";
import { ssoRefusal } from "./redeem";

/** The refusal of a wrong address or password (the same words for both: no enumeration). */
const wrong = () => new ApiError(401, "Wrong e-mail address or password");

const locked = (until: string) =>
  new ApiError(
    429,
    `Too many wrong passwords: password sign-in for this address is locked until ${until}; sign in by e-mail instead`,
  );

/** The refusal when an organization of the person forbids passwords. */
function forbiddenBy(org: RestrictingOrg): ApiError {
  return new ApiError(
    403,
    `${org.title} does not allow password sign-in for its members: sign in by e-mail or passkey`,
  );
}

/**
 * Signs in with an address and a password. Every attempt costs one scrypt derivation (against
 * a hash nobody matches when the address has no account or no password), so the answer and its
 * timing are the same for known and unknown addresses. Wrong: 401, counted per address (5 in
 * 15 minutes lock it for 15). Locked: 429, checked first. Right: the failures forgotten, a weaker
 * hash rewritten; then an organization enforcing SSO or forbidding passwords refuses (403).
 */
export async function signInWithPassword(
  db: Database,
  input: { email: string; password: string; ssoStart: (org: RestrictingOrg) => string },
): Promise<{ userId: string }> {
  const subject = await failureSubject("password", input.email);
  const read = await runStatements(db, {
    user: db
      .select({ id: users.id, hash: userPasswords.hash })
      .from(users)
      .leftJoin(userPasswords, eq(userPasswords.userId, users.id))
      .where(eq(users.email, input.email)),
    lock: lockStatement(db, subject),
    orgs: restrictingOrgsStatement(db, sql`(SELECT id FROM users WHERE email = ${input.email})`),
  });
  const until = lockEnd(read.lock);
  if (until) throw locked(until);
  const found = read.user[0];
  const stored = found?.hash ?? null;
  const ok = await verifyPassword(input.password, stored ?? UNMATCHABLE_HASH);
  if (!ok || !found || !stored) {
    const nowLocked = await recordFailure(db, subject, PASSWORD_LOCK);
    if (nowLocked) throw locked(nowLocked);
    throw wrong();
  }
  // The password was right: the failures are forgotten even when an organization refuses below.
  const sso = ssoOrgOf(read.orgs);
  const forbidding = passwordForbiddingOrgOf(read.orgs);
  const rehash =
    !sso && !forbidding && needsRehash(stored) ? await hashPassword(input.password) : null;
  await runStatements(db, {
    clear: clearFailuresStatement(db, subject),
    ...(rehash
      ? {
          rehash: db
            .update(userPasswords)
            .set({ hash: rehash, updatedAt: nowIso() })
            .where(eq(userPasswords.userId, found.id)),
        }
      : {}),
  });
  if (sso) throw ssoRefusal(sso, input.ssoStart(sso));
  if (forbidding) throw forbiddenBy(forbidding);
  return { userId: found.id };
}

/** Whether a person has a password, and since when (account settings show it). */
export async function passwordStateOf(db: Database, userId: string) {
  const [row] = await db
    .select({ updatedAt: userPasswords.updatedAt })
    .from(userPasswords)
    .where(eq(userPasswords.userId, userId));
  return { set: row !== undefined, updatedAt: row?.updatedAt ?? null };
}

/**
 * Sets (or changes) a person's password. Refused (400, naming `password`) when too short, too
 * long or common; (403) when an organization of theirs enforces SSO or forbids passwords; a
 * change needs the current password unless `recentlyVerified` (a session started by e-mail in
 * the last 15 minutes: the reset path).
 */
export async function setPassword(
  db: Database,
  input: {
    user: { id: string; email: string };
    password: string;
    currentPassword?: string;
    recentlyVerified: boolean;
  },
): Promise<void> {
  const problem = passwordProblem(input.password, input.user.email);
  if (problem) throw new InvalidInputError(`body.password: ${problem}`);
  const orgs = await restrictingOrgsOf(db, input.user.id);
  const sso = ssoOrgOf(orgs);
  if (sso)
    throw new ApiError(403, `${sso.title} signs its members in with SSO: no password can be set`);
  const forbidding = passwordForbiddingOrgOf(orgs);
  if (forbidding) throw forbiddenBy(forbidding);
  const [current] = await db
    .select({ hash: userPasswords.hash })
    .from(userPasswords)
    .where(eq(userPasswords.userId, input.user.id));
  if (current && !input.recentlyVerified) {
    if (input.currentPassword === undefined) {
      throw new InvalidInputError(
        "body.currentPassword: required to change a password (or sign in by e-mail first to reset it)",
      );
    }
    if (!(await verifyPassword(input.currentPassword, current.hash))) {
      throw new ApiError(403, "The current password is wrong");
    }
  }
  const hash = await hashPassword(input.password);
  await db
    .insert(userPasswords)
    .values({ userId: input.user.id, hash, updatedAt: nowIso() })
    .onConflictDoUpdate({ target: userPasswords.userId, set: { hash, updatedAt: nowIso() } });
}

/** Removes a person's password (204 also when they had none). */
export async function removePassword(db: Database, userId: string): Promise<void> {
  await db.delete(userPasswords).where(eq(userPasswords.userId, userId));
}

/** How recent an e-mail sign-in must be to set a new password without the current one. */
const RESET_WINDOW_MS = 15 * 60_000;

/**
 * The facts of the session a credential is, or null for an API token: whether it was started by
 * e-mail (a link or code, or the operator's link) in the last 15 minutes — the reset path, where
 * the mailbox was just proved and the current password need not be known.
 */
export async function sessionFactsOf(
  db: Database,
  tokenId: string,
): Promise<{ recentlyVerified: boolean } | null> {
  const [row] = await db
    .select({ kind: apiTokens.kind, method: apiTokens.method, createdAt: apiTokens.createdAt })
    .from(apiTokens)
    .where(eq(apiTokens.id, tokenId));
  if (!row || row.kind !== "session") return null;
  const byMail = row.method === "email" || row.method === "link";
  return { recentlyVerified: byMail && nowMs() - Date.parse(row.createdAt) < RESET_WINDOW_MS };
}

/** A person's id, name and address, as a way in answers them. */
export async function personOf(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}
