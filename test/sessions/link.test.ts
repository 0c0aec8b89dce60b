import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../core/digest";
import { signInLinks } from "../../src/db/schema";
import { issueSignInLink } from "../../src/services/sessions/link";
import { call } from "../helpers/api";
import { makeUser, testDb } from "../helpers/factories";
import { asSession, makeSession } from "../helpers/sessions";

/** Posts a link's token as the app's `/sign-in/link` page does. */
const spend = (token: unknown) => call("POST", "/sessions/link", { body: { token } });

describe("POST /v1/sessions/link (the operator's one-time sign-in link)", () => {
  it("starts a session with its cookie, once; the next use, an expired or unknown link are 401", async () => {
    const { user } = await makeUser({ displayName: "First Owner" });
    const { token } = await issueSignInLink(testDb(), user.id);
    const res = await call("POST", "/sessions/link", {
      body: { token },
      headers: { "User-Agent": "Browser/1.0" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "current-session",
      session: { method: "link", device: "Browser/1.0", current: true },
      user: { id: user.id, displayName: "First Owner" },
    });
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(
      /^quire_session=qs_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Expires=/,
    );
    const secret = cookie.split(";")[0]!.split("=")[1]!;
    const me = await asSession({ headers: { Cookie: `quire_session=${secret}` } }).get("/session");
    expect(me.status).toBe(200);
    expect(me.body.session.id).toBe(res.body.session.id);
    // Spent: the same link again signs nobody in.
    const again = await spend(token);
    expect(again.status).toBe(401);
    expect(again.headers.get("Set-Cookie")).toBeNull();
    // Expired an hour after it was made.
    const late = await issueSignInLink(testDb(), user.id);
    await testDb()
      .update(signInLinks)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(signInLinks.digest, await sha256Hex(late.token)));
    expect((await spend(late.token)).body.error.message).toMatch(
      /invalid, expired or already used/,
    );
    expect((await spend(`qsl_${"A".repeat(43)}`)).status).toBe(401);
    expect((await spend("not-a-link")).status).toBe(401);
  });

  it("refuses a malformed body with a 400 naming the field, and stores only the digest", async () => {
    const res = await spend(42);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body\.token/);
    const { user } = await makeUser();
    const { token } = await issueSignInLink(testDb(), user.id);
    const { results } = await env.DB.prepare("SELECT * FROM sign_in_links WHERE user_id = ?")
      .bind(user.id)
      .all();
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it("spends the client address's budget, even with a session cookie (not the session's)", async () => {
    const { user } = await makeUser();
    const session = await makeSession(user.id);
    // The mirrors tell the buckets apart in X-RateLimit-Limit (the bindings stay the suite's).
    const bindings = { ...env, RATE_LIMIT_TOKEN_LIMIT: "1111", RATE_LIMIT_IP_LIMIT: "2222" };
    const signIn = await call("POST", "/sessions/link", {
      body: { token: "not-a-link" },
      headers: session.headers,
      bindings,
    });
    expect(signIn.status).toBe(401);
    expect(signIn.headers.get("X-RateLimit-Limit")).toBe("2222");
    const read = await call("GET", "/user", { headers: session.headers, bindings });
    expect(read.headers.get("X-RateLimit-Limit")).toBe("1111");
  });
});
