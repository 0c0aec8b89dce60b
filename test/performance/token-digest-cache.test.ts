import { describe, expect, it } from "vitest";
import { tokenDigest } from "../../src/auth/tokens";
import { sha256Hex } from "../../src/lib/crypto";
import { as } from "../helpers/api";
import { makeToken, makeUser } from "../helpers/factories";

// Quire token digests are remembered per isolate (src/auth/tokens.ts, docs/performance.md
// "Session 10", "Second pass"): the digest is only the lookup key, so what the memory must not
// change is when a token stops working.

describe("token digests remembered per isolate", () => {
  it("gives the token's SHA-256, the same on every call", async () => {
    const secret = `quire_${"a".repeat(43)}`;
    const expected = await sha256Hex(secret);
    expect(await tokenDigest(secret)).toBe(expected);
    expect(await tokenDigest(secret)).toBe(expected);
    expect(await tokenDigest(`quire_${"b".repeat(43)}`)).not.toBe(expected);
  });

  it("stops a token at once when it is revoked after use", async () => {
    const { user, token } = await makeUser();
    const victim = await makeToken(user.id);
    expect((await as(victim).get("/user")).status).toBe(200);
    expect((await as(victim).get("/user")).status).toBe(200);
    const list = await as(token).get("/user/tokens");
    const target = list.body.items.find((t: { hint: string }) => t.hint === victim.slice(-4));
    expect((await as(token).delete(`/user/tokens/${target.id}`)).status).toBe(204);
    expect((await as(victim).get("/user")).status).toBe(401);
    expect((await as(victim).get(`/user/tokens`)).status).toBe(401);
  });
});
