import { and, count, desc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailSignIns, users } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { hmac, randomToken, safeEqual, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";
import { sendMail, type MailMessage } from "../../mail";
import { noAccountMessage, signInMessage, ssoMessage } from "./messages";
import { restrictingOrgsStatement, ssoOrgOf, type RestrictingOrg } from "./org-policy";
import { maySignUp, signUpStatements } from "./sign-up";
import type { SignInEnv } from "./sign-in-env";

/** A sign-in link and code live this long. */
const EMAIL_SIGN_IN_TTL_MS = 15 * 60_000;
/** Wrong codes that lock one request. */
export const MAX_WRONG_CODES = 5;
/** Messages one address is sent per 15 minutes; past them a request sends nothing (still 202). */
const SENDS_PER_WINDOW = 5;

/** A uniformly random 6-digit code (rejection sampling: no digit is likelier than another). */
function sixDigitCode(): string {
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < 4_294_000_000) return String(word[0]! % 1_000_000).padStart(6, "0");
  }
}

/** The stored form of a code: an HMAC under the signing secret, bound to its request. */
function codeDigest(secret: string, requestId: string, code: string): Promise<string> {
  return hmac(secret, `quire-email-code\n${requestId}\n${code}`);
}

/** What asking for an e-mail sign-in needs besides the address. */
export interface EmailRequestInput {
  email: string;
  /** The asking browser's nonce (its `quire_sign_in` cookie); only the digest is stored. */
  nonce: string;
  /** Where the link lands once signed in (checked by `ReturnTo`; the app checks it again). */
  returnTo?: string;
  /** Where a member of an SSO organization starts its single sign-on. */
  ssoStart: (org: RestrictingOrg) => string;
}

/**
 * Asks for an e-mail sign-in. Known and unknown addresses take the same steps (one read, one
 * insert, one queued message), so neither the answer nor its timing tells them apart: a known
 * address gets the link and code, an unknown one that may sign up the same (redeeming creates
 * the account), any other unknown one a message saying there is no account, a member of an
 * SSO organization a message pointing at its SSO. Past 5 messages in 15 minutes for one address,
 * nothing is sent.
 */
export async function requestEmailSignIn(
  db: Database,
  env: SignInEnv,
  input: EmailRequestInput,
): Promise<void> {
  const { email } = input;
  const now = nowMs();
  const read = await runStatements(db, {
    user: db.select({ id: users.id }).from(users).where(eq(users.email, email)),
    orgs: restrictingOrgsStatement(db, sql`(SELECT id FROM users WHERE email = ${email})`),
    recent: recentSendsStatement(db, { email }, now),
    ...signUpStatements(db, email),
  });
  if (sendsExhausted(read.recent)) return;
  const userId = read.user[0]?.id ?? null;
  const sso = userId ? ssoOrgOf(read.orgs) : null;
  const signUp = !userId && maySignUp(env.SIGN_UP, read);
  const { token, code, row } = await newEmailRequest(env.SIGNING_SECRET, {
    email,
    userId,
    signUp,
    purpose: "sign-in",
    nonce: input.nonce,
  });
  const query = new URLSearchParams({ token });
  if (input.returnTo) query.set("next", input.returnTo);
  const link = `${env.PUBLIC_APP_URL}/sign-in/email?${query}`;
  const mail: MailMessage = sso
    ? ssoMessage(email, sso.title, input.ssoStart(sso))
    : userId || signUp
      ? signInMessage({ to: email, link, code, signUp })
      : noAccountMessage(email, env.PUBLIC_APP_URL);
  await db.insert(emailSignIns).values(row);
  await sendMail(env, mail);
}

/**
 * Messages sent in the last 15 minutes to one address (every purpose counts), or, for
 * `{ userId }`, the address-change requests one person made (each sends two messages).
 */
export function recentSendsStatement(
  db: Database,
  by: { email: string } | { userId: string },
  now: number,
) {
  const who =
    "email" in by
      ? eq(emailSignIns.email, by.email)
      : and(eq(emailSignIns.userId, by.userId), eq(emailSignIns.purpose, "email-change"));
  return db
    .select({ n: count() })
    .from(emailSignIns)
    .where(
      and(who, gt(emailSignIns.createdAt, new Date(now - EMAIL_SIGN_IN_TTL_MS).toISOString())),
    );
}

/** Whether an address (or person) had its messages for this window (then nothing more is sent). */
export function sendsExhausted(recent: { n: number }[]): boolean {
  return (recent[0]?.n ?? 0) >= SENDS_PER_WINDOW;
}

/**
 * A new request's secrets and its row: one form for sign-in and address-change requests (a
 * random link token and a 6-digit code, stored only as digests, 15 minutes to live).
 */
export async function newEmailRequest(
  secret: string,
  fields: Pick<EmailSignInRow, "email" | "userId" | "signUp" | "purpose"> & { nonce: string },
) {
  const now = nowMs();
  const id = newId();
  const token = randomToken(32);
  const code = sixDigitCode();
  const row: typeof emailSignIns.$inferInsert = {
    id,
    email: fields.email,
    userId: fields.userId,
    signUp: fields.signUp,
    purpose: fields.purpose,
    linkDigest: await sha256Hex(token),
    codeDigest: await codeDigest(secret, id, code),
    nonceDigest: await sha256Hex(fields.nonce),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + EMAIL_SIGN_IN_TTL_MS).toISOString(),
  };
  return { token, code, row };
}

/** A request as redeeming reads it. */
export type EmailSignInRow = typeof emailSignIns.$inferSelect;

/** The live request of a purpose a link token names (unused, unexpired), or null. */
export async function requestByLink(
  db: Database,
  token: string,
  purpose: EmailSignInRow["purpose"] = "sign-in",
): Promise<EmailSignInRow | null> {
  const [row] = await db
    .select()
    .from(emailSignIns)
    .where(eq(emailSignIns.linkDigest, await sha256Hex(token)));
  return row && row.purpose === purpose && live(row) ? row : null;
}

/** The newest live request of an address and purpose (the one whose code is expected), or null. */
export async function requestByAddress(
  db: Database,
  email: string,
  purpose: EmailSignInRow["purpose"] = "sign-in",
): Promise<EmailSignInRow | null> {
  return newestLive(db, and(eq(emailSignIns.email, email), eq(emailSignIns.purpose, purpose)));
}

/** The newest live address-change request of a person (the one whose code is expected), or null. */
export async function changeRequestOf(
  db: Database,
  userId: string,
): Promise<EmailSignInRow | null> {
  return newestLive(
    db,
    and(eq(emailSignIns.userId, userId), eq(emailSignIns.purpose, "email-change")),
  );
}

/** The newest unused request matching `where`, if it is still live. */
async function newestLive(db: Database, where: SQL | undefined): Promise<EmailSignInRow | null> {
  const [row] = await db
    .select()
    .from(emailSignIns)
    .where(and(where, isNull(emailSignIns.usedAt)))
    .orderBy(desc(emailSignIns.createdAt))
    .limit(1);
  return row && live(row) ? row : null;
}

/** Unused and unexpired (a locked request is still live: its refusal says it is locked). */
function live(row: EmailSignInRow): boolean {
  return row.usedAt === null && Date.parse(row.expiresAt) > nowMs();
}

/** Whether a request's wrong codes locked it. */
export function isLocked(row: EmailSignInRow): boolean {
  return row.wrongCodes >= MAX_WRONG_CODES;
}

/** Whether the browser's nonce is the one that asked. */
export async function sameBrowser(row: EmailSignInRow, nonce: string | undefined) {
  return nonce !== undefined && safeEqual(await sha256Hex(nonce), row.nonceDigest);
}

/** Whether a code is this request's (compared in constant time). */
export async function codeMatches(secret: string, row: EmailSignInRow, code: string) {
  return safeEqual(await codeDigest(secret, row.id, code), row.codeDigest);
}

/** Counts one wrong code on a request; answers its new count. */
export async function countWrongCode(db: Database, row: EmailSignInRow): Promise<number> {
  const [after] = await db
    .update(emailSignIns)
    .set({ wrongCodes: sql`${emailSignIns.wrongCodes} + 1` })
    .where(eq(emailSignIns.id, row.id))
    .returning({ wrongCodes: emailSignIns.wrongCodes });
  return after?.wrongCodes ?? MAX_WRONG_CODES;
}

/**
 * Spends a request, once: the one statement that marks it used succeeds only while it is
 * unused, unexpired and unlocked, so of two concurrent redemptions exactly one wins.
 */
export async function spendRequest(db: Database, row: EmailSignInRow): Promise<boolean> {
  const now = nowIso();
  const spent = await db
    .update(emailSignIns)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailSignIns.id, row.id),
        isNull(emailSignIns.usedAt),
        gt(emailSignIns.expiresAt, now),
        lt(emailSignIns.wrongCodes, MAX_WRONG_CODES),
      ),
    )
    .returning({ id: emailSignIns.id });
  return spent.length === 1;
}
