import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { APP_ORIGIN, appFetch } from "../helpers/app-fetch";
import { makeUser, unique } from "../helpers/factories";
import { mailTo, secretsOf } from "../helpers/sign-in";

/**
 * The e-mail sign-in keeps `next` (app/src/screens/sign-in/routes.ts): the page a person asked
 * for rides in the message's link and the code form, checked by the API's `ReturnTo` and again
 * by the app's `safeNext`, so the link, the code and the other-browser detour all land there.
 */

/** The cookie pairs of a response's `Set-Cookie`, as a browser would send them back. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

/** A signed-out browser's form post to the app. */
function post(path: string, fields: Record<string, string>, cookie = "") {
  return appFetch(path, {
    method: "POST",
    headers: {
      Origin: APP_ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ csrf: "", ...fields }).toString(),
  });
}

/** Asks for a message from the sign-in screen with `next`; answers the nonce cookie and mail. */
async function ask(next: string) {
  const { user } = await makeUser({ email: `${unique("next")}@example.test` });
  const asked = await post("/sign-in/email", { email: user.email, next });
  expect(asked.res.status).toBe(303);
  const [message] = await mailTo(user.email);
  return { user, asked, message: message!, cookie: cookiesOf(asked.res) };
}

describe("the e-mail sign-in keeps next", () => {
  it("lands the link on the page asked for, through the confirm screen", async () => {
    const next = "/account?tab=sessions";
    const { asked, message, cookie } = await ask(next);
    expect(asked.res.headers.get("location")).toBe(
      `/sign-in/code?email=${encodeURIComponent(message.to)}&sent=1&next=${encodeURIComponent(next)}`,
    );
    const link = /https?:\/\/\S+\/sign-in\/email\?\S+/.exec(message.text)![0];
    const url = new URL(link);
    expect(url.searchParams.get("next")).toBe(next);
    const { token } = secretsOf(message);
    const confirm = await appFetch(`${url.pathname}${url.search}`, { headers: { Cookie: cookie } });
    expect(confirm.res.status).toBe(200);
    expect(confirm.text).toContain(`name="next" value="${next.replace("&", "&amp;")}"`);
    const done = await post("/sign-in/email/confirm", { token, next }, cookie);
    expect(done.res.status).toBe(303);
    expect(done.res.headers.get("location")).toBe(next);
    expect(cookiesOf(done.res)).toMatch(/quire_session=qs_/);
  });

  it("keeps next through the other-browser detour and the code", async () => {
    const { message, user } = await ask("/account");
    const { token, code } = secretsOf(message);
    // Another browser (no nonce cookie): asked for the code, next kept.
    const other = await post("/sign-in/email/confirm", { token, next: "/account" });
    expect(other.res.status).toBe(303);
    expect(other.res.headers.get("location")).toBe(
      "/sign-in/code?reason=other-browser&next=%2Faccount",
    );
    const codePage = await appFetch("/sign-in/code?reason=other-browser&next=%2Faccount");
    expect(codePage.text).toContain('name="next" value="/account"');
    const done = await post("/sign-in/code", { email: user.email, code, next: "/account" });
    expect(done.res.status).toBe(303);
    expect(done.res.headers.get("location")).toBe("/account");
  });

  it("never leaves the app: a foreign next becomes the home, and the API refuses one", async () => {
    for (const next of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil",
    ]) {
      const { message, cookie } = await ask(next);
      expect(message.text).not.toContain("evil");
      const { token } = secretsOf(message);
      // A crafted link carrying a foreign next still lands at home.
      const done = await post("/sign-in/email/confirm", { token, next }, cookie);
      expect(done.res.headers.get("location")).toBe("/");
    }
    const refused = await call("POST", "/sessions/email", {
      body: { email: `${unique("next")}@example.test`, returnTo: "//evil.example/" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("returnTo");
  });
});
