import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { postForm, screenOf } from "../helpers/app-fetch";
import { makeUser, unique } from "../helpers/factories";
import { mailTo, secretsOf } from "../helpers/sign-in";
import { makeSession } from "../helpers/sessions";

/**
 * The account screen's profile form (app/src/screens/account/profile-view.tsx) through the app's
 * entry and the real API: the display name (and photo) changed with the official
 * `PATCH /v1/users/{userId}` on the session's own person (GitBook's spec has no
 * update-current-user operation, so there is no `PATCH /v1/user`); a refusal keeps what was
 * typed and names the reason. The e-mail section (email-view.tsx) asks for a new address, then
 * shows "check your new address" with the code form; the message's link opens a confirm page.
 */

describe("the account screen's profile", () => {
  it("changes the display name and the photo, then shows them", async () => {
    const { user } = await makeUser();
    const person = await makeSession(user.id);
    const saved = await postForm(person, "/account/profile", {
      displayName: "  Grace Hopper  ",
      photoURL: "https://photos.example.com/grace.png",
    });
    expect(saved.res.status).toBe(303);
    expect(saved.res.headers.get("Location")).toBe("/account?done=profile-saved");
    expect(saved.paths).toContain(`PATCH /v1/users/${user.id}`);
    const me = await call("GET", "/user", { headers: { Cookie: person.cookie } });
    expect(me.body).toMatchObject({
      displayName: "Grace Hopper",
      photoURL: "https://photos.example.com/grace.png",
    });
    const screen = await screenOf(person, "/account?done=profile-saved");
    expect(screen.text).toContain("Your profile is saved.");
    expect(screen.text).toContain('value="Grace Hopper"');
    // An empty photo removes it.
    await postForm(person, "/account/profile", { displayName: "Grace Hopper", photoURL: "" });
    const after = await call("GET", "/user", { headers: { Cookie: person.cookie } });
    expect(after.body.photoURL).toBeUndefined();
  });

  it("refuses an empty name and a photo that is not https, keeping what was typed", async () => {
    const { user } = await makeUser({ displayName: "Ada" });
    const person = await makeSession(user.id);
    const empty = await postForm(person, "/account/profile", { displayName: " ", photoURL: "" });
    expect(empty.res.status).toBe(400);
    expect(empty.text).toContain("Give your name.");
    const http = await postForm(person, "/account/profile", {
      displayName: "Ada L.",
      photoURL: "http://photos.example.com/ada.png",
    });
    expect(http.res.status).toBe(400);
    expect(http.text).toContain("photoURL");
    expect(http.text).toContain('value="Ada L."');
    const me = await call("GET", "/user", { headers: { Cookie: person.cookie } });
    expect(me.body.displayName).toBe("Ada");
  });

  it("changes the address: the form, the pending state and its code; the link's confirm page", async () => {
    const { user } = await makeUser();
    const person = await makeSession(user.id);
    const next = `${unique("moved")}@example.test`;
    const asked = await postForm(person, "/account/email", { email: next });
    expect(asked.res.headers.get("Location")).toBe("/account?done=email-sent");
    expect(asked.paths).toContain("POST /v1/user/email");
    const pending = await screenOf(person, "/account?done=email-sent");
    expect(pending.text).toContain("Check your new address");
    expect(pending.text).toContain(next);
    const { code, token } = secretsOf((await mailTo(next))[0]!);
    const wrong = await postForm(person, "/account/email/code", {
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.res.status).toBe(400);
    expect(wrong.text).toContain("4 tries left");
    const done = await postForm(person, "/account/email/code", { code });
    expect(done.res.headers.get("Location")).toBe("/account?done=email-changed");
    expect((await call("GET", "/user", { headers: { Cookie: person.cookie } })).body.email).toBe(
      next,
    );
    // The link of the (now spent) message: its page spends nothing; its button says why it fails.
    const page = await screenOf(person, `/account/email?token=${token}`);
    expect(page.text).toContain('action="/account/email/confirm"');
    expect(page.paths).not.toContain("POST /v1/user/email/confirm");
    const spent = await postForm(person, "/account/email/confirm", { token });
    expect(spent.res.status).toBe(410);
    expect(spent.text).toContain("Your address is unchanged.");
  });
});
