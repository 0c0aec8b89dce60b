import { and, eq, ne, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailSignIns, users } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { ApiError, InvalidInputError } from "../../lib/errors";
import { nowMs } from "../../lib/clock";
import { sendMail } from "../../mail";
import { mailTransport } from "../../mail/config";
import type { UserLike } from "../../api/users";
import {
  changeRequestOf,
  codeMatches,
  countWrongCode,
  isLocked,
  MAX_WRONG_CODES,
  newEmailRequest,
  recentSendsStatement,
  requestByLink,
  sendsExhausted,
  spendRequest,
  type EmailSignInRow,
} from "./email-requests";
import {
  emailChangedNotice,
  emailChangeMessage,
  emailChangeNotice,
  emailTakenMessage,
} from "./messages";
import type { SignInEnv } from "./sign-in-env";

/**
 * Changing one's e-mail address (docs/security.md, "Changing one's address"): the e-mail
 * sign-in's requests with the purpose `email-change` — the same link token and 6-digit code,
 * digests, 15 minutes, single use, 5 wrong codes and send limits (email-requests.ts) — sent to
 * the new address, with a notice to the old one. Only the person who asked, signed in, confirms.
 */

/** Who asks: the person of a session, and that session's id (kept as the request's nonce). */
export interface ChangeAsker {
  user: UserLike;
  sessionId: string;
}

/**
 * Asks to move a person to a new address. Taken or free, the steps are the same (one read, one
 * insert, two queued messages) and so is the answer: the new address gets the link and code, or,
 * when another account uses it, a message saying it cannot move there; the old address gets a
 * notice. Past 5 requests of the person, or 5 messages to the address, in 15 minutes: nothing.
 */
export async function requestEmailChange(
  db: Database,
  env: SignInEnv,
  asker: ChangeAsker,
  email: string,
): Promise<void> {
  const { user } = asker;
  if (email === user.email.toLowerCase()) {
    throw new InvalidInputError("body.email: this is already your address");
  }
  const now = nowMs();
  const read = await runStatements(db, {
    taken: db.select({ id: users.id }).from(users).where(eq(users.email, email)),
    toAddress: recentSendsStatement(db, { email }, now),
    byPerson: recentSendsStatement(db, { userId: user.id }, now),
  });
  if (sendsExhausted(read.toAddress) || sendsExhausted(read.byPerson)) return;
  const { token, code, row } = await newEmailRequest(env.SIGNING_SECRET, {
    email,
    userId: user.id,
    signUp: false,
    purpose: "email-change",
    nonce: asker.sessionId,
  });
  const link = `${env.PUBLIC_APP_URL}/account/email?${new URLSearchParams({ token })}`;
  await db.insert(emailSignIns).values(row);
  await sendMail(
    env,
    read.taken.length > 0
      ? emailTakenMessage(email, env.PUBLIC_APP_URL)
      : emailChangeMessage(email, link, code),
  );
  await sendMail(env, emailChangeNotice(user.email, email, env.PUBLIC_APP_URL));
}

/** The person's pending change (the newest live request), for the account screen. */
export async function pendingChangeOf(
  db: Database,
  userId: string,
): Promise<{ email: string; expiresAt: string } | null> {
  const row = await changeRequestOf(db, userId);
  return row ? { email: row.email, expiresAt: row.expiresAt } : null;
}

const gone = () =>
  new ApiError(
    410,
    "This address-change link or code has expired or was already used: ask for a new one",
  );

const locked = () =>
  new ApiError(
    429,
    `${MAX_WRONG_CODES} wrong codes locked this address change: ask for a new message`,
  );

/**
 * Confirms a change with the message's link token or its code: the request must be the caller's
 * own (a link opened signed in as someone else is 403). The old address is told it was changed.
 * Answers the new address.
 */
export async function confirmEmailChange(
  db: Database,
  env: SignInEnv,
  user: UserLike,
  proof: { token: string } | { code: string },
): Promise<string> {
  const userId = user.id;
  const row =
    "token" in proof
      ? await requestByLink(db, proof.token, "email-change")
      : await changeRequestOf(db, userId);
  if (!row) throw gone();
  if (row.userId !== userId) {
    throw new ApiError(
      403,
      "This link confirms an address for another account: sign in to the account that asked, then open it again",
    );
  }
  if (isLocked(row)) throw locked();
  if ("code" in proof && !(await codeMatches(env.SIGNING_SECRET, row, proof.code))) {
    const wrong = await countWrongCode(db, row);
    if (wrong >= MAX_WRONG_CODES) throw locked();
    const left = MAX_WRONG_CODES - wrong;
    throw new ApiError(
      400,
      `body.code: not the code of the latest message (${left} ${left === 1 ? "try" : "tries"} left)`,
    );
  }
  await switchAddress(db, row);
  // The change is made: a deployment that stopped sending mail since does not undo it.
  if (mailTransport(env).kind !== "none") {
    await sendMail(env, emailChangedNotice(user.email, row.email, env.PUBLIC_APP_URL));
  }
  return row.email;
}

/** The refusal when another account took the address since it was asked for. */
const taken = (email: string) =>
  new ApiError(
    409,
    `Another account uses ${email} now, so your address cannot move there: nothing changed`,
  );

/**
 * Spends the request and moves the person to its address, verified. Checked first (nothing
 * spent when taken), and again in the update itself (an account that took it in between).
 */
async function switchAddress(db: Database, row: EmailSignInRow): Promise<void> {
  const userId = row.userId!;
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, row.email), ne(users.id, userId)));
  if (holder) throw taken(row.email);
  if (!(await spendRequest(db, row))) throw gone();
  const holders = db
    .select({ one: sql`1` })
    .from(users)
    .where(eq(users.email, row.email));
  const moved = await db
    .update(users)
    .set({ email: row.email, emailVerified: true })
    .where(and(eq(users.id, userId), notExists(holders)))
    .returning({ id: users.id });
  if (moved.length === 0) throw taken(row.email);
}
