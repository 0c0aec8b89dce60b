import type { Context } from "hono";
import { isRefusal } from "../../api/client";
import type { ApiToken, EmailState, ListPage, SessionInfo, Ways } from "../../api/types";
import type { ScreenEnv } from "../../http/screen-env";
import type { SignedIn } from "../../session/session";
import type { Passkey } from "./security-view";
import type { AccountView } from "./view";

/**
 * What the account screen reads, all at once: the ways in, the sessions, the tokens, the e-mail
 * address (and a change waiting) and, when the deployment offers passkeys, the person's passkeys.
 */

/** The longest list a section shows (the API's own limit). */
const LIMIT = 100;

/** The person's passkeys, or null when the deployment has none (or its API is not there). */
async function passkeysOf(c: Context<ScreenEnv>, ways: Ways): Promise<Passkey[] | null> {
  if (!ways.passkey) return null;
  try {
    return (await c.var.api.get<ListPage<Passkey>>("/user/passkeys", { limit: LIMIT })).items;
  } catch (error) {
    if (isRefusal(error, 404)) return null;
    throw error;
  }
}

/** The account screen's data, for `person`. */
export async function loadAccount(
  c: Context<ScreenEnv>,
  person: SignedIn,
): Promise<
  Omit<
    AccountView,
    "done" | "created" | "tokenForm" | "passwordError" | "profileForm" | "emailForm"
  >
> {
  const api = c.var.api;
  const [ways, sessions, tokens, email] = await Promise.all([
    api.get<Ways>("/sessions/ways"),
    api.get<ListPage<SessionInfo>>("/user/sessions", { limit: LIMIT }),
    api.get<ListPage<ApiToken>>("/user/tokens", { limit: LIMIT }),
    api.get<EmailState>("/user/email"),
  ]);
  const [passkeys, password] = await Promise.all([
    passkeysOf(c, ways),
    ways.password ? api.get<{ set: boolean }>("/user/password") : Promise.resolve(null),
  ]);
  return {
    person,
    ways,
    sessions: sessions.items,
    tokens: tokens.items,
    email,
    passkeys,
    hasPassword: password?.set ?? false,
  };
}
