import { Hono, type Context } from "hono";
import { isRefusal } from "../../api/client";
import type { Ways } from "../../api/types";
import { readForm } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { formToken, safeNext, signedIn } from "../../session/session";
import { codePage } from "./code-view";
import { confirmPage } from "./confirm-view";
import { refusedPage } from "./refusals";
import { ssoChoicePage, ssoWaysFor } from "./sso-view";
import { signInPage, type SignInView } from "./ways-view";

/**
 * The sign-in screens (issue 35): the ways in, the e-mail flow (ask, code, link), the password,
 * and the sign-out. Each form posts to the app, which calls the API's sign-in operation; the
 * session cookie the API sets reaches the browser with the app's redirect (http/cookies.ts).
 * The flows that arrive by link (operator, SSO, OIDC) are in `callbacks.ts`.
 */
export const signInRoutes = new Hono<ScreenEnv>();

/** The ways in this deployment offers. */
function waysOf(c: Context<ScreenEnv>): Promise<Ways> {
  return c.var.api.get<Ways>("/sessions/ways");
}

/** The sign-in screen with `view`'s values and error. */
async function signInScreen(
  c: Context<ScreenEnv>,
  view: Partial<SignInView>,
  status = 200,
): Promise<Response> {
  const ways = await waysOf(c);
  const page = signInPage({
    ways,
    next: safeNext(view.next),
    csrf: await formToken(c),
    ...view,
  } as SignInView);
  return htmlResponse(page, status);
}

signInRoutes.get("/sign-in", async (c) => {
  const next = safeNext(c.req.query("next"));
  // Already signed in: nothing to do here.
  if (await signedIn(c)) return seeOther(next);
  // `?org=<id>`: that organization's single sign-on first (only it, when it enforces SSO).
  const org = (c.req.query("org") ?? "").slice(0, 64);
  const sso = org ? await ssoWaysFor(c, { organizationId: org }) : [];
  return signInScreen(c, { next, sso });
});

signInRoutes.post("/sign-in/email", async (c) => {
  const form = await readForm(c);
  const email = form.text("email").trim();
  const next = safeNext(form.text("next"));
  // An address whose domain calls for an organization's SSO is offered it first.
  if (form.text("sso") !== "skip" && email.includes("@")) {
    const orgs = await ssoWaysFor(c, { email });
    if (orgs.length > 0) {
      const html = ssoChoicePage({ orgs, email, next, csrf: form.csrf, emailWay: true });
      return htmlResponse(html);
    }
  }
  try {
    const body = { email, ...(next !== "/" ? { returnTo: next } : {}) };
    await c.var.api.post("/sessions/email", { body, csrf: form.csrf });
  } catch (error) {
    if (!isRefusal(error, 400, 429)) throw error;
    const message =
      error.status === 429
        ? "Too many sign-in messages were asked for. Wait a few minutes and try again."
        : "Enter a valid e-mail address, like name@example.com.";
    return signInScreen(c, { next, email, error: message, errorFor: "email" }, error.status);
  }
  const query = new URLSearchParams({ email, sent: "1" });
  if (next !== "/") query.set("next", next);
  return seeOther(`/sign-in/code?${query}`);
});

// Without e-mail sign-in: the address only finds its organization's single sign-on.
signInRoutes.post("/sign-in/sso", async (c) => {
  const form = await readForm(c);
  const email = form.text("email").trim().slice(0, 320);
  const next = safeNext(form.text("next"));
  const orgs = email.includes("@") ? await ssoWaysFor(c, { email }) : [];
  if (orgs.length === 0) {
    const error = "No organization on this address's domain uses single sign-on here.";
    return signInScreen(c, { next, email, error, errorFor: "sso" }, 404);
  }
  return htmlResponse(ssoChoicePage({ orgs, email, next, csrf: form.csrf, emailWay: false }));
});

signInRoutes.get("/sign-in/code", async (c) => {
  const ways = await waysOf(c);
  const html = codePage({
    email: (c.req.query("email") ?? "").slice(0, 320),
    next: safeNext(c.req.query("next")),
    csrf: await formToken(c),
    sent: c.req.query("sent") === "1",
    reason:
      c.req.query("reason") === "other-browser"
        ? "This sign-in link was opened in another browser than the one that asked for it. Enter the 6-digit code from the same message instead."
        : null,
    outbox: ways.outbox,
  });
  return htmlResponse(html);
});

signInRoutes.post("/sign-in/code", async (c) => {
  const form = await readForm(c);
  const email = form.text("email").trim();
  const code = form.text("code").replace(/\s+/g, "");
  const next = safeNext(form.text("next"));
  try {
    await c.var.api.post("/sessions/email/code", { body: { email, code }, csrf: form.csrf });
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    const ways = await waysOf(c);
    const message =
      error.status === 429 || error.status === 423
        ? "Too many wrong codes: this sign-in is locked for a while. Ask for a new message later."
        : `That code did not work: it is wrong, expired or already used. (${error.message})`;
    const html = codePage({ email, next, csrf: form.csrf, error: message, outbox: ways.outbox });
    return htmlResponse(html, error.status);
  }
  return seeOther(next);
});

signInRoutes.get("/sign-in/email", async (c) => {
  const token = (c.req.query("token") ?? "").slice(0, 512);
  const html = confirmPage({
    title: "Sign in to Quire",
    text: "You opened the sign-in link of a message Quire sent. Continue to sign in in this browser.",
    action: "/sign-in/email/confirm",
    fields: { token, next: safeNext(c.req.query("next")) },
    button: "Sign in",
    csrf: await formToken(c),
  });
  return htmlResponse(html);
});

signInRoutes.post("/sign-in/email/confirm", async (c) => {
  const form = await readForm(c);
  const next = safeNext(form.text("next"));
  try {
    await c.var.api.post("/sessions/email/link", {
      body: { token: form.text("token") },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    // The link works only in the browser that asked; the code of the same message works anywhere.
    if (error.status === 409) {
      const query = new URLSearchParams({ reason: "other-browser" });
      if (next !== "/") query.set("next", next);
      return seeOther(`/sign-in/code?${query}`);
    }
    return refusedPage("email-link", error);
  }
  return seeOther(next);
});

signInRoutes.post("/sign-in/password", async (c) => {
  const form = await readForm(c);
  const email = form.text("email").trim();
  const next = safeNext(form.text("next"));
  try {
    await c.var.api.post("/sessions/password", {
      body: { email, password: form.text("password") },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    const message =
      error.status === 429
        ? "Too many attempts. Wait a few minutes, or sign in with an e-mail link."
        : "The e-mail address or the password is not right.";
    return signInScreen(c, { next, email, error: message, errorFor: "password" }, error.status);
  }
  return seeOther(next);
});

signInRoutes.post("/sign-out", async (c) => {
  const form = await readForm(c);
  try {
    await c.var.api.delete("/session", { csrf: form.csrf });
  } catch (error) {
    // No session any more: signed out already.
    if (!isRefusal(error, 401)) throw error;
  }
  return seeOther("/sign-in");
});
