import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { sessionCookie, signInOrigin } from "../../http/session-cookie";
import { clearSignInNonce } from "../../http/sign-in-guards";
import { startSession, type SignInMethod } from "../../services/sessions/start";
import { personOf } from "../../services/sign-in/passwords";

/**
 * How every way in of this area ends: a session started for the person (the contract's
 * `startSession`), its cookie set, the e-mail nonce cookie cleared, and the person answered.
 */
export async function answerSignedIn(
  c: Context<AppEnv>,
  person: { userId: string; created: boolean },
  method: SignInMethod,
) {
  const db = c.get("db");
  const session = await startSession(db, { userId: person.userId, method, ...signInOrigin(c) });
  c.header("Set-Cookie", sessionCookie(c, session.secret, session.expiresAt), { append: true });
  clearSignInNonce(c);
  const user = await personOf(db, person.userId);
  return c.json({ user, created: person.created, expiresAt: session.expiresAt }, 200);
}
