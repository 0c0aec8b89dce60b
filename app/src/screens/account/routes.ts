import { Hono, type Context } from "hono";
import { isRefusal } from "../../api/client";
import type { CreatedApiToken } from "../../api/types";
import { readForm, type FormPost } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import { messageResponse } from "../../layout/message";
import { confirmPage } from "../sign-in/confirm-view";
import type { ScreenEnv } from "../../http/screen-env";
import { personOr } from "../../session/session";
import { loadAccount } from "./load";
import { accountPage, type AccountView } from "./view";

/**
 * The account screen and its actions. Each action is a form post to the app that calls one API
 * operation with the session's CSRF token, then shows the account again with what it did (a
 * redirect, so a reload repeats nothing) — except a new token, whose secret is shown once in the
 * answer to the post itself.
 */
export const accountRoutes = new Hono<ScreenEnv>();

/** What `?done=` says at the top of the account screen. */
const DONE: Readonly<Record<string, string>> = {
  "session-revoked": "That browser is signed out.",
  "token-revoked": "The token is revoked: it no longer works.",
  "profile-saved": "Your profile is saved.",
  "password-saved": "Your password is saved.",
  "password-removed": "Your password is removed.",
  "passkey-renamed": "The passkey is renamed.",
  "passkey-removed": "The passkey is removed.",
  "email-sent": "Check your new address for the link and code that confirm it.",
  "email-changed":
    "Your e-mail address is changed. Your other sessions stay signed in: sign out any you do not know below.",
};

/** The account screen, with what an action left to say. */
async function accountScreen(
  c: Context<ScreenEnv>,
  extra: Partial<AccountView> = {},
  status = 200,
): Promise<Response> {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const view = { ...(await loadAccount(c, person)), ...extra };
  return htmlResponse(accountPage(view), status);
}

accountRoutes.get("/account", (c) =>
  accountScreen(c, { done: DONE[c.req.query("done") ?? ""] ?? null }),
);

/** The id in an action's path, as the API's path wants it. */
function idOf(c: Context<ScreenEnv>): string {
  return encodeURIComponent(c.req.param("id") ?? "");
}

/** Runs a form's one API call, then back to the account saying `done`. */
function action(call: (c: Context<ScreenEnv>, form: FormPost) => Promise<unknown>, done: string) {
  return async (c: Context<ScreenEnv>) => {
    const form = await readForm(c);
    await call(c, form);
    return seeOther(`/account?done=${done}`);
  };
}

accountRoutes.post(
  "/account/sessions/:id/revoke",
  action(
    (c, f) => c.var.api.delete(`/user/sessions/${idOf(c)}`, { csrf: f.csrf }),
    "session-revoked",
  ),
);

accountRoutes.post("/account/sessions/revoke-all", async (c) => {
  const form = await readForm(c);
  await c.var.api.delete("/user/sessions", { csrf: form.csrf });
  return seeOther("/sign-in");
});

/** The expiry of a new token `days` days from now, or none. */
function expiryIn(days: string): string | undefined {
  const n = Number(days);
  return days !== "" && Number.isInteger(n) && n > 0 && n <= 3660
    ? new Date(Date.now() + n * 86_400_000).toISOString()
    : undefined;
}

accountRoutes.post("/account/tokens", async (c) => {
  const form = await readForm(c);
  const label = form.text("label").trim();
  const expires = form.text("expires");
  const scopes = form.all("scopes");
  const expiresAt = expiryIn(expires);
  let created: CreatedApiToken;
  try {
    created = await c.var.api.post<CreatedApiToken>("/user/tokens", {
      body: {
        label,
        ...(expiresAt ? { expiresAt } : {}),
        ...(scopes.length > 0 ? { scopes } : {}),
      },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error, 400, 403)) throw error;
    const message = label === "" ? "Give the token a name." : error.message;
    return accountScreen(
      c,
      { tokenForm: { error: message, label, expires, scopes } },
      error.status,
    );
  }
  return accountScreen(c, { created }, 201);
});

accountRoutes.post(
  "/account/tokens/:id/revoke",
  action((c, f) => c.var.api.delete(`/user/tokens/${idOf(c)}`, { csrf: f.csrf }), "token-revoked"),
);

accountRoutes.post("/account/profile", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const form = await readForm(c);
  const displayName = form.text("displayName").trim();
  const photoURL = form.text("photoURL").trim();
  try {
    await c.var.api.patch(`/users/${encodeURIComponent(person.user.id)}`, {
      body: { displayName, photoURL: photoURL === "" ? null : photoURL },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error, 400, 403)) throw error;
    const message = displayName === "" ? "Give your name." : error.message;
    return accountScreen(
      c,
      { profileForm: { error: message, displayName, photoURL } },
      error.status,
    );
  }
  return seeOther("/account?done=profile-saved");
});

accountRoutes.post("/account/password", async (c) => {
  const form = await readForm(c);
  const current = form.text("currentPassword");
  try {
    await c.var.api.put("/user/password", {
      body: { password: form.text("password"), ...(current ? { currentPassword: current } : {}) },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error, 400, 401, 403, 429)) throw error;
    return accountScreen(c, { passwordError: error.message }, error.status);
  }
  return seeOther("/account?done=password-saved");
});

accountRoutes.post(
  "/account/password/remove",
  action((c, f) => c.var.api.delete("/user/password", { csrf: f.csrf }), "password-removed"),
);

accountRoutes.post(
  "/account/passkeys/:id/rename",
  action(
    (c, f) =>
      c.var.api.patch(`/user/passkeys/${idOf(c)}`, {
        body: { name: f.text("name").trim() },
        csrf: f.csrf,
      }),
    "passkey-renamed",
  ),
);

accountRoutes.post(
  "/account/passkeys/:id/remove",
  action(
    (c, f) => c.var.api.delete(`/user/passkeys/${idOf(c)}`, { csrf: f.csrf }),
    "passkey-removed",
  ),
);

accountRoutes.post("/account/email", async (c) => {
  const form = await readForm(c);
  const email = form.text("email").trim();
  try {
    await c.var.api.post("/user/email", { body: { email }, csrf: form.csrf });
  } catch (error) {
    if (!isRefusal(error, 400, 403, 409)) throw error;
    const message = email === "" ? "Give the new address." : error.message;
    return accountScreen(
      c,
      { emailForm: { error: message, errorFor: "email", email } },
      error.status,
    );
  }
  return seeOther("/account?done=email-sent");
});

accountRoutes.post("/account/email/code", async (c) => {
  const form = await readForm(c);
  try {
    await c.var.api.post("/user/email/confirm", {
      body: { code: form.text("code").trim() },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error, 400, 403, 409, 410, 429)) throw error;
    return accountScreen(
      c,
      { emailForm: { error: error.message, errorFor: "code" } },
      error.status,
    );
  }
  return seeOther("/account?done=email-changed");
});

/** The link of the confirmation message: opening it spends nothing; the button confirms. */
accountRoutes.get("/account/email", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const html = confirmPage({
    title: "Confirm your new address",
    text: `You opened the link that moves the account of ${person.user.displayName} to a new e-mail address. Confirm to use it from now on.`,
    action: "/account/email/confirm",
    fields: { token: (c.req.query("token") ?? "").slice(0, 512) },
    button: "Use the new address",
    csrf: person.csrf,
  });
  return htmlResponse(html);
});

accountRoutes.post("/account/email/confirm", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const form = await readForm(c);
  try {
    await c.var.api.post("/user/email/confirm", {
      body: { token: form.text("token") },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    const title =
      error.status === 409 ? "This address is taken" : "This link cannot change your address";
    return messageResponse(
      {
        title,
        // The 409 already says nothing changed; the other refusals say it here.
        message: `${error.message}.${error.status === 409 ? "" : " Your address is unchanged."}`,
        links: [["Back to your account", "/account"]],
        person,
      },
      error.status,
    );
  }
  return seeOther("/account?done=email-changed");
});
