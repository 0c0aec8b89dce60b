import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { isWellFormedToken, tokenDigest } from "../../src/auth/tokens";
import { as } from "../helpers/api";
import { unique } from "../helpers/factories";
import { mintToken, newId, sha256Hex } from "../../scripts/lib/identity.mjs";
import { sql, sqlValue } from "../../scripts/lib/sql.mjs";
import {
  createOrganizationPlan,
  createUserPlan,
  issueTokenPlan,
  listTokensPlan,
  revokeTokenPlan,
  seedDemoPlan,
  type Plan,
  type Rows,
} from "../../scripts/lib/statements.mjs";

// The SQL of `npm run dev` and `npm run admin`, run here as ONE D1 batch per plan, exactly as
// `wrangler d1 execute --command` runs it, then checked through the Worker's own API.

async function run<T>(plan: Plan<T>): Promise<T> {
  const results = await env.DB.batch(plan.statements.map((s) => env.DB.prepare(s)));
  return plan.read(results.map((r) => r.results) as Rows);
}

function seedInput(
  email: string,
  savedDigest: string | null,
  minted: Awaited<ReturnType<typeof mintToken>>,
) {
  return {
    email,
    displayName: "Demo Owner",
    orgTitle: "Demo Organization",
    tokenLabel: "demo",
    savedDigest,
    minted,
  };
}

describe("script identities", () => {
  it("mints tokens the Worker accepts, with the digest and hint it expects", async () => {
    const { secret, digest, hint } = await mintToken();
    expect(secret).toMatch(/^quire_[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedToken(secret)).toBe(true);
    expect(digest).toBe(await tokenDigest(secret));
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(hint).toBe(secret.slice(-4));
    expect(await sha256Hex("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("makes 20-character base62 ids", () => {
    expect(newId()).toMatch(/^[0-9A-Za-z]{20}$/);
  });
});

describe("SQL literals", () => {
  const hostile = [
    "O'Hara'); DROP TABLE users; --",
    'double "quotes" and `ticks` and $dollar$',
    "COMMIT; BEGIN TRANSACTION; END; CASE",
    "line\nbreaks\tand \\ backslashes /* c */",
    "unicode: Zoë 文档 🚀",
    "",
  ];

  it("round-trips hostile text byte for byte through D1", async () => {
    for (const text of hostile) {
      const literal = sqlValue(text);
      expect(literal).toMatch(/^CAST\(X'[0-9a-f]*' AS TEXT\)$/);
      const row = await env.DB.prepare(`SELECT ${literal} AS v`).first<{ v: string }>();
      expect(row?.v).toBe(text);
    }
  });

  it("writes NULL, booleans and numbers as such, and refuses anything else", () => {
    expect(sql`SELECT ${null}, ${true}, ${false}, ${42}`).toBe("SELECT NULL, 1, 0, 42");
    expect(() => sqlValue(Number.NaN)).toThrow();
    expect(() => sqlValue({} as unknown as string)).toThrow();
  });
});

describe("the demo seed", () => {
  it("creates the owner, the organization and a token once, then reuses them", async () => {
    const email = `${unique("demo")}@quire.local`;
    const minted = await mintToken();
    const first = await run(seedDemoPlan(seedInput(email, null, minted)));
    expect(first).toMatchObject({
      userCreated: true,
      organizationCreated: true,
      tokenIssued: true,
    });
    expect(first.organization).toMatchObject({ title: "Demo Organization", members_count: 1 });

    const again = await run(seedDemoPlan(seedInput(email, minted.digest, await mintToken())));
    expect(again).toMatchObject({
      userCreated: false,
      organizationCreated: false,
      tokenIssued: false,
    });
    expect(again.organization?.id).toBe(first.organization?.id);
    expect(again.user?.id).toBe(first.user?.id);
    const members = await env.DB.prepare(
      "SELECT count(*) AS n FROM org_members WHERE organization_id = ?1",
    )
      .bind(first.organization!.id)
      .first<{ n: number }>();
    expect(members?.n).toBe(1);
  });

  it("keeps a saved token while it is valid and replaces it once revoked or expired", async () => {
    const email = `${unique("demo")}@quire.local`;
    const minted = await mintToken();
    const first = await run(seedDemoPlan(seedInput(email, null, minted)));
    expect(first.tokenIssued).toBe(true);

    const reuse = await run(seedDemoPlan(seedInput(email, minted.digest, await mintToken())));
    expect(reuse.tokenIssued).toBe(false);
    const user = await as(minted.secret).get("/user");
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email, displayName: "Demo Owner" });
    const orgs = await as(minted.secret).get("/orgs");
    expect(orgs.status).toBe(200);
    expect(orgs.body.items.map((o: { id: string }) => o.id)).toEqual([first.organization?.id]);

    const tokens = await run(listTokensPlan({ email }));
    expect(tokens.tokens).toHaveLength(1);
    await run(revokeTokenPlan({ id: tokens.tokens[0]!.id }));
    const replaced = await run(seedDemoPlan(seedInput(email, minted.digest, await mintToken())));
    expect(replaced.tokenIssued).toBe(true);

    await env.DB.prepare(
      "UPDATE api_tokens SET revoked_at = NULL, expires_at = ?1 WHERE digest = ?2",
    )
      .bind("2000-01-01T00:00:00.000Z", minted.digest)
      .run();
    const afterExpiry = await run(seedDemoPlan(seedInput(email, minted.digest, await mintToken())));
    expect(afterExpiry.tokenIssued).toBe(true);
    expect((await run(listTokensPlan({ email }))).tokens).toHaveLength(3);
    expect(afterExpiry.organization?.id).toBe(first.organization?.id);
  });
});

describe("the operator commands' SQL", () => {
  it("creates a user once; a second create with the same e-mail writes nothing", async () => {
    const email = `${unique("op")}@example.test`;
    const made = await run(createUserPlan({ email, displayName: "Op'; DROP TABLE users; --" }));
    expect(made.created).toBe(true);
    expect(made.user).toMatchObject({
      email,
      display_name: "Op'; DROP TABLE users; --",
      email_verified: 1,
    });
    const dup = await run(createUserPlan({ email, displayName: "Other" }));
    expect(dup.created).toBe(false);
    expect(dup.user.display_name).toBe("Op'; DROP TABLE users; --");
  });

  it("creates an organization like createOrganization: admin owner, counter 1, domain rows", async () => {
    const email = `${unique("owner")}@example.test`;
    await run(createUserPlan({ email, displayName: "Owner" }));
    const { organization } = await run(
      createOrganizationPlan({
        title: "Acme COMMIT;",
        ownerEmail: email,
        domains: ["acme.test", "b.test"],
      }),
    );
    expect(organization).toMatchObject({
      title: "Acme COMMIT;",
      members_count: 1,
      owner_role: "admin",
    });
    const domains = await env.DB.prepare(
      "SELECT domain FROM org_email_domains WHERE organization_id = ?1 ORDER BY domain",
    )
      .bind(organization!.id)
      .all();
    expect(domains.results.map((r) => r.domain)).toEqual(["acme.test", "b.test"]);

    const token = await run(issueTokenPlan({ email, label: "t", minted: await mintToken() }));
    const res = await as(token.secret!).get(`/orgs/${organization!.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Acme COMMIT;",
      emailDomains: ["acme.test", "b.test"],
    });
  });

  it("writes nothing when the owner does not exist", async () => {
    const title = unique("Ghost ");
    const { organization } = await run(
      createOrganizationPlan({
        title,
        ownerEmail: `${unique("none")}@example.test`,
        domains: ["g.test"],
      }),
    );
    expect(organization).toBeNull();
    const n = await env.DB.prepare("SELECT count(*) AS n FROM organizations WHERE title = ?1")
      .bind(title)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("issues scoped, expiring tokens the API honours; lists and revokes them", async () => {
    const email = `${unique("tok")}@example.test`;
    await run(createUserPlan({ email, displayName: "Tok" }));
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const issued = await run(
      issueTokenPlan({
        email,
        label: "ci",
        scopes: ["user:read"],
        expiresAt,
        minted: await mintToken(),
      }),
    );
    expect(issued.token).toMatchObject({
      label: "ci",
      scopes: ["user:read"],
      expiresAt,
      revoked: false,
    });
    const listed = await as(issued.secret!).get("/user/tokens");
    expect(listed.status).toBe(200);
    expect(listed.body.items[0]).toMatchObject({
      id: issued.token!.id,
      scopes: ["user:read"],
      expiresAt,
    });

    const missing = await run(
      issueTokenPlan({
        email: `${unique("none")}@example.test`,
        label: "x",
        minted: await mintToken(),
      }),
    );
    expect(missing.token).toBeNull();

    const revoked = await run(revokeTokenPlan({ id: issued.token!.id }));
    expect(revoked).toMatchObject({ found: true, revokedNow: true });
    expect((await run(revokeTokenPlan({ id: issued.token!.id }))).revokedNow).toBe(false);
    expect((await run(revokeTokenPlan({ id: newId() }))).found).toBe(false);
    expect((await as(issued.secret!).get("/user")).status).toBe(401);

    const list = await run(listTokensPlan({ email }));
    expect(list).toMatchObject({ userFound: true });
    expect(list.tokens.map((t) => [t.id, t.revoked])).toEqual([[issued.token!.id, true]]);
    expect((await run(listTokensPlan({ email: `${unique("none")}@example.test` }))).userFound).toBe(
      false,
    );
  });
});
