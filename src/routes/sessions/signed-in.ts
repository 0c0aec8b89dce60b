import type { Context } from "hono";
import type { AppEnv } from "../../env";
import type { CurrentSessionSchema } from "../../api/sessions";
import { sessionCookie, signInOrigin } from "../../http/session-cookie";
import { urlsOf } from "../../http/urls";
import { unauthorized } from "../../lib/errors";
import { presentSession } from "../../presenters/session";
import { presentUser } from "../../presenters/user";
import { signedInPerson } from "../../services/sessions/sessions";
import { startSession, type SignInMethod } from "../../services/sessions/start";
import type { z } from "@hono/zod-openapi";

/**
 * The end of every way in, for a route: starts the person's session (recording the browser and
 * where it signed in from), sets its cookie on the answer, and gives the body the app reads
 * (`CurrentSession`: the new session and the person). A person deleted meanwhile is a 401.
 */
export async function signedIn(
  c: Context<AppEnv>,
  userId: string,
  method: SignInMethod,
): Promise<z.infer<typeof CurrentSessionSchema>> {
  const db = c.get("db");
  const user = await signedInPerson(db, userId);
  if (!user) throw unauthorized("This person no longer exists");
  const { device, place } = signInOrigin(c);
  const session = await startSession(db, { userId, method, device, place });
  c.header("Set-Cookie", sessionCookie(c, session.secret, session.expiresAt), { append: true });
  const now = new Date().toISOString();
  return {
    object: "current-session",
    session: presentSession(
      {
        id: session.id,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: session.expiresAt,
        device,
        place,
        method,
      },
      session.id,
    ),
    user: presentUser(urlsOf(c), user),
  };
}
