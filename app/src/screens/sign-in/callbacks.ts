import { Hono } from "hono";
import { isRefusal } from "../../api/client";
import { readForm } from "../../http/forms";
import { htmlResponse, seeOther } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { formToken, safeNext } from "../../session/session";
import { confirmPage } from "./confirm-view";
import { refusedPage } from "./refusals";

/**
 * The ways in that arrive by link: the operator's one-time sign-in link
 * (`npm run admin -- user sign-in-link`), the SAML ACS's redirect with a one-time code, and an
 * OIDC provider's answer. Opening one shows a confirm button (a GET spends nothing, and a page of
 * another site cannot sign the person into someone else's account by linking here); the button
 * posts to the app, which hands the value to the API.
 */
export const callbackRoutes = new Hono<ScreenEnv>();

/** The longest one-time value a link may carry (tokens and codes are far shorter). */
const MAX_VALUE = 512;

callbackRoutes.get("/sign-in/link", async (c) => {
  const html = confirmPage({
    title: "Sign in to Quire",
    text: "This is a one-time sign-in link from the operator of this deployment. Continue to sign in in this browser; you can then add a passkey in your account.",
    action: "/sign-in/link",
    fields: { token: (c.req.query("token") ?? "").slice(0, MAX_VALUE) },
    button: "Sign in",
    csrf: await formToken(c),
  });
  return htmlResponse(html);
});

callbackRoutes.post("/sign-in/link", async (c) => {
  const form = await readForm(c);
  try {
    await c.var.api.post("/sessions/link", {
      body: { token: form.text("token") },
      csrf: form.csrf,
    });
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    return refusedPage("operator-link", error);
  }
  return seeOther("/account");
});

callbackRoutes.get("/sso/callback", async (c) => {
  const html = confirmPage({
    title: "Single sign-on",
    text: "Your identity provider has signed you in. Continue to open Quire in this browser.",
    action: "/sso/callback",
    fields: { code: (c.req.query("code") ?? "").slice(0, MAX_VALUE) },
    button: "Continue",
    csrf: await formToken(c),
  });
  return htmlResponse(html);
});

callbackRoutes.post("/sso/callback", async (c) => {
  const form = await readForm(c);
  try {
    await c.var.api.post("/sessions/sso", { body: { code: form.text("code") }, csrf: form.csrf });
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    return refusedPage("sso", error);
  }
  return seeOther("/");
});

// The provider's answer first: `/sign-in/oidc/callback` is no provider's start.
callbackRoutes.get("/sign-in/oidc/callback", async (c) => {
  const query = new URL(c.req.url).search.slice(1, 1 + 4096);
  const html = confirmPage({
    title: "Sign in to Quire",
    text: "Your identity provider has answered. Continue to finish signing in in this browser.",
    action: "/sign-in/oidc/callback",
    fields: { query },
    button: "Continue",
    csrf: await formToken(c),
  });
  return htmlResponse(html);
});

callbackRoutes.post("/sign-in/oidc/callback", async (c) => {
  const form = await readForm(c);
  let returnTo: string | undefined;
  try {
    const answer = await c.var.api.post<{ returnTo?: string } | undefined>(
      "/sessions/oidc/callback",
      { body: { query: form.text("query") }, csrf: form.csrf },
    );
    returnTo = answer?.returnTo;
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    return refusedPage("oidc", error);
  }
  return seeOther(safeNext(returnTo));
});

// A provider's button is a link: starting spends nothing but a state cookie, and the redirect to
// the provider is then a navigation, which the CSP's `form-action 'self'` would refuse to a form.
callbackRoutes.get("/sign-in/oidc/:provider", async (c) => {
  const provider = c.req.param("provider").slice(0, 200);
  const next = safeNext(c.req.query("next"));
  let url: string;
  try {
    ({ url } = await c.var.api.post<{ url: string }>("/sessions/oidc/start", {
      body: { provider, ...(next !== "/" ? { returnTo: next } : {}) },
    }));
  } catch (error) {
    if (!isRefusal(error) || error.status >= 500) throw error;
    return refusedPage("oidc", error);
  }
  if (!/^https?:\/\//.test(url))
    throw new Error("the API answered a provider URL that is not http(s)");
  return new Response(null, {
    status: 303,
    headers: { Location: url, "Cache-Control": "no-store" },
  });
});
