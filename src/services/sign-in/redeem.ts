import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { ApiError } from "../../lib/errors";
import type { SignInEnv } from "./sign-in-env";
import {
  codeMatches,
  countWrongCode,
  isLocked,
  MAX_WRONG_CODES,
  requestByAddress,
  requestByLink,
  sameBrowser,
  spendRequest,
  type EmailSignInRow,
} from "./email-requests";
import { CODE_LOCK, failureSubject, lockEnd, lockStatement, recordFailure } from "./attempts";
import { restrictingOrgsOf, ssoOrgOf, type RestrictingOrg } from "./org-policy";
import { createVerifiedPerson, maySignUp, signUpStatements } from "./sign-up";

/** Who an e-mail sign-in lets in: the person, and whether redeeming created them. */
export interface SignedIn {
  userId: string;
  created: boolean;
}

/** The refusal of an expired, used or unknown link or code. */
const gone = () =>
  new ApiError(410, "This sign-in link or code has expired or was already used: ask for a new one");

/** The refusal for a member of an organization that enforces SSO. */
export function ssoRefusal(org: RestrictingOrg, where: string): ApiError {
  return new ApiError(
    403,
    `Members of ${org.title} sign in with its single sign-on (SSO), not by e-mail or password: ${where}`,
  );
}

/**
 * Redeems a link: only in the browser that asked (its nonce cookie); in any other, 409 asking
 * for the code, and nothing is spent. Expired, used or unknown: 410.
 */
export async function redeemLink(
  db: Database,
  env: SignInEnv,
  input: { token: string; nonce: string | undefined; ssoStart: (org: RestrictingOrg) => string },
): Promise<SignedIn> {
  const row = await requestByLink(db, input.token);
  if (!row) throw gone();
  if (isLocked(row)) throw lockedRequest();
  if (!(await sameBrowser(row, input.nonce))) {
    throw new ApiError(
      409,
      "This link was opened in another browser than the one that asked for it: enter the 6-digit code from the message instead",
    );
  }
  return finish(db, env, row, input.ssoStart);
}

const lockedRequest = () =>
  new ApiError(
    429,
    `${MAX_WRONG_CODES} wrong codes locked this sign-in request: ask for a new message`,
  );

/**
 * Redeems a code with its address, in any browser. A wrong code counts on the request (5 lock
 * it) and on the address (10 within an hour lock code entry for it for an hour).
 */
export async function redeemCode(
  db: Database,
  env: SignInEnv,
  input: { email: string; code: string; ssoStart: (org: RestrictingOrg) => string },
): Promise<SignedIn> {
  const subject = await failureSubject("code", input.email);
  const { lock } = await runStatements(db, { lock: lockStatement(db, subject) });
  const lockedUntil = lockEnd(lock);
  if (lockedUntil) throw addressLocked(lockedUntil);
  const row = await requestByAddress(db, input.email);
  if (!row) throw gone();
  if (isLocked(row)) throw lockedRequest();
  if (!(await codeMatches(env.SIGNING_SECRET, row, input.code))) {
    const wrong = await countWrongCode(db, row);
    const until = await recordFailure(db, subject, CODE_LOCK);
    if (until) throw addressLocked(until);
    if (wrong >= MAX_WRONG_CODES) throw lockedRequest();
    const left = MAX_WRONG_CODES - wrong;
    throw new ApiError(
      400,
      `body.code: not the code of the latest message (${left} ${left === 1 ? "try" : "tries"} left)`,
    );
  }
  return finish(db, env, row, input.ssoStart);
}

const addressLocked = (until: string) =>
  new ApiError(429, `Too many wrong codes for this address: code sign-in is locked until ${until}`);

/**
 * Spends the request and lets its person in: the known person (their address now verified),
 * unless an organization of theirs enforces SSO; or, for an unknown address that may sign up
 * (checked again now), the person created with the address verified (their pending invites
 * stay pending, to accept or decline on their home).
 */
async function finish(
  db: Database,
  env: SignInEnv,
  row: EmailSignInRow,
  ssoStart: (org: RestrictingOrg) => string,
): Promise<SignedIn> {
  if (row.userId) {
    const sso = ssoOrgOf(await restrictingOrgsOf(db, row.userId));
    if (sso) throw ssoRefusal(sso, ssoStart(sso));
  } else {
    const found = await runStatements(db, signUpStatements(db, row.email));
    if (!row.signUp || !maySignUp(env.SIGN_UP, found)) {
      throw new ApiError(
        403,
        "No account uses this address, and this deployment does not let it sign up",
      );
    }
  }
  if (!(await spendRequest(db, row))) throw gone();
  if (row.userId) {
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, row.userId));
    return { userId: row.userId, created: false };
  }
  return createVerifiedPerson(db, row.email);
}
