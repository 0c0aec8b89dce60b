import type { Context } from "hono";
import type { AppEnv } from "../env";
import { sessionCookie, signInOrigin } from "../http/session-cookie";
import { urlsOf } from "../http/urls";
import { unauthorized } from "../lib/errors";
import { presentUser } from "../presenters/user";
import { startSession, type SignInMethod } from "../services/sessions/start";
import { userById } from "../services/users/lookup";

/**
 * The end of a way in (passkey, OIDC): starts the person's session, hands its cookie to the
 * browser, and answers who signed in and where to go next (`SignedIn`).
 */
export async function answerSignedIn(
  c: Context<AppEnv>,
  userId: string,
  method: SignInMethod,
  returnTo: string | null,
) {
  const db = c.get("db");
  const user = await userById(db, userId);
  if (!user) throw unauthorized("This account no longer exists");
  const session = await startSession(db, { userId, method, ...signInOrigin(c) });
  c.header("Set-Cookie", sessionCookie(c, session.secret, session.expiresAt), { append: true });
  return c.json(
    { object: "signed-in" as const, user: presentUser(urlsOf(c), user), returnTo },
    200,
  );
}
