import { env } from "cloudflare:test";
import { describe, expect, it, beforeAll } from "vitest";
import { isWellFormedToken, tokenDigest } from "../../src/auth/tokens";
import { as } from "../helpers/api";
import { unique } from "../helpers/factories";
import { mintToken, newId, sha256Hex, mintSignInLink } from "../../scripts/lib/identity.mjs";
import { sql, sqlValue } from "../../scripts/lib/sql.mjs";
import {
  createOrganizationPlan,
  createUserPlan,
  issueTokenPlan,
  listDomainsPlan,
  listTokensPlan,
  MAX_EMAIL_DOMAINS,
  revokeTokenPlan,
  seedDemoPlan,
  type Plan,
  type Rows,
  signInLinkPlan,
  unverifyDomainPlan,
  verifyDomainPlan,
} from "../../scripts/lib/statements.mjs";
import { MAX_EMAIL_DOMAINS as API_MAX_EMAIL_DOMAINS } from "../../src/api/organizations";
import { addDomain } from "../../src/services/organizations/domains/domains";
import { recheckDomains } from "../../src/services/organizations/domains/checks";
import { makeOrg } from "../helpers/factories";
import { readOrg, uniqueDomain } from "../helpers/organizations-factories";
import { markVerified } from "../helpers/domains";
import { createDb } from "../../src/db/client";
import { createOrganization } from "../../src/services/organizations/organizations";
import { issueToken, listTokens, revokeToken } from "../../src/services/users/tokens";
import { createUser } from "../../src/services/users/users";
import { issueSignInLink } from "../../src/services/sessions/link";
import { emptyStorage } from "../helpers/storage";

describe("seed", () => {
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
      const afterExpiry = await run(
        seedDemoPlan(seedInput(email, minted.digest, await mintToken())),
      );
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
      expect(
        (await run(listTokensPlan({ email: `${unique("none")}@example.test` }))).userFound,
      ).toBe(false);
    });

    it("verifies a domain as the operator (adding it if unlisted), keeps it through the cron, takes it back", async () => {
      const listed = uniqueDomain();
      const { org, owner } = await makeOrg({ emailDomains: [listed] });
      const organizationId = org.id;
      const before = await run(listDomainsPlan({ organizationId }));
      expect(before.organization).toMatchObject({ id: org.id, title: org.title });
      expect(before.domains).toMatchObject([
        { domain: listed, status: "pending", verifiedBy: null },
      ]);

      const verified = await run(verifyDomainPlan({ organizationId, domain: listed }));
      expect(verified).toMatchObject({
        added: false,
        domain: { domain: listed, status: "verified", verifiedBy: "operator" },
      });
      const fresh = uniqueDomain();
      const added = await run(verifyDomainPlan({ organizationId, domain: fresh }));
      expect(added).toMatchObject({ added: true, domain: { status: "verified" } });
      expect((await readOrg(org.id)).emailDomains).toEqual([listed, fresh]);
      // Again: nothing added, the first verification's time kept.
      const again = await run(verifyDomainPlan({ organizationId, domain: fresh }));
      expect(again).toMatchObject({
        added: false,
        domain: { verifiedAt: added.domain!.verifiedAt },
      });
      expect((await readOrg(org.id)).emailDomains).toEqual([listed, fresh]);

      // The API shows both as the operator's, and the cron (all due, no TXT record) keeps them.
      const admin = as(owner.token);
      await env.DB.prepare(
        "UPDATE org_email_domains SET last_checked_at = ?1 WHERE organization_id = ?2",
      )
        .bind("2000-01-01T00:00:00.000Z", org.id)
        .run();
      await recheckDomains(env, createDb(env.DB), Date.now(), 1000);
      const page = await admin.get(`/orgs/${org.id}/domains`);
      expect(page.body.items).toMatchObject([
        { domain: listed, status: "verified", verifiedBy: "operator" },
        { domain: fresh, status: "verified", verifiedBy: "operator" },
      ]);
      expect(page.body.items[1].record.value).toMatch(/^quire-verification=[0-9a-f]{32}$/);

      // Taken back: pending again, once; a domain verified by DNS is left alone.
      const back = await run(unverifyDomainPlan({ organizationId, domain: fresh }));
      expect(back).toMatchObject({
        unverifiedNow: true,
        domain: { status: "pending", verifiedBy: null, verifiedAt: null },
      });
      expect((await run(unverifyDomainPlan({ organizationId, domain: fresh }))).unverifiedNow).toBe(
        false,
      );
      const dns = uniqueDomain();
      await admin.post(`/orgs/${org.id}/domains`, { domain: dns });
      await markVerified(org.id, [dns]);
      expect(await run(unverifyDomainPlan({ organizationId, domain: dns }))).toMatchObject({
        unverifiedNow: false,
        domain: { status: "verified", verifiedBy: "dns" },
      });
      expect(
        (await run(unverifyDomainPlan({ organizationId, domain: uniqueDomain() }))).domain,
      ).toBeNull();
    });

    it("verifies nothing for an unknown organization, nor past the organization's domain limit", async () => {
      const ghost = newId();
      const none = await run(verifyDomainPlan({ organizationId: ghost, domain: uniqueDomain() }));
      expect(none).toEqual({ organization: null, added: false, domain: null });
      const rows = await env.DB.prepare(
        "SELECT count(*) AS n FROM org_email_domains WHERE organization_id = ?1",
      )
        .bind(ghost)
        .first<{ n: number }>();
      expect(rows?.n).toBe(0);
      expect((await run(listDomainsPlan({ organizationId: ghost }))).organization).toBeNull();

      expect(MAX_EMAIL_DOMAINS).toBe(API_MAX_EMAIL_DOMAINS);
      const full = Array.from({ length: MAX_EMAIL_DOMAINS }, () => uniqueDomain());
      const { org } = await makeOrg({ emailDomains: full });
      const over = await run(verifyDomainPlan({ organizationId: org.id, domain: uniqueDomain() }));
      expect(over).toMatchObject({ organization: { id: org.id }, added: false, domain: null });
      expect((await readOrg(org.id)).emailDomains).toEqual(full);
    });
  });
});

describe("statements-drift", () => {
  beforeAll(emptyStorage);
  // The operator CLI (`npm run admin`) and the demo seed write users, organizations and tokens with
  // hand-written SQL (scripts/lib/statements.mjs: `wrangler d1 execute` takes no drizzle). Each test
  // here does one thing both ways, the CLI's plan and the service's drizzle statements, for the same
  // inputs, and compares every column of every row written (or read): a column the services start
  // to set, a default the schema gains in JS, a changed encoding, fails here.

  const db = createDb(env.DB);

  async function run<T>(plan: Plan<T>): Promise<T> {
    const results = await env.DB.batch(plan.statements.map((s) => env.DB.prepare(s)));
    return plan.read(results.map((r) => r.results) as Rows);
  }

  /** Every row of `table` where `column` is one of `values`, all columns, in a stable order. */
  async function stored(table: string, column: string, values: string[]) {
    const { results } = await env.DB.prepare(
      `SELECT * FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?1)) ORDER BY 1, 2`,
    )
      .bind(JSON.stringify(values))
      .all();
    return results;
  }

  const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
  const ID = /^[0-9A-Za-z]{20}$/;

  /**
   * Rows with what differs by nature between two runs named instead: the side's own values (e-mails,
   * domains, titles: `names`), fresh ids, times, token digests and hints.
   */
  function normalized(rows: Record<string, unknown>[], names: Record<string, string>) {
    const ids = new Map<string, string>();
    const name = (value: string) => {
      let out = value;
      for (const [raw, label] of Object.entries(names)) out = out.replaceAll(raw, label);
      return out;
    };
    return rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([column, value]) => {
          if (typeof value !== "string") return [column, value];
          if (column === "digest" || column === "hint" || column === "token") {
            return [column, `<${column}>`];
          }
          if (ISO_TIME.test(value)) return [column, "<time>"];
          if (ID.test(value)) {
            if (!ids.has(value)) ids.set(value, `<id${ids.size}>`);
            return [column, ids.get(value)];
          }
          return [column, name(value)];
        }),
      ),
    );
  }

  /** Two sides' inputs: the CLI's and the service's, named alike once normalized. */
  function sides() {
    const tag = unique("drift");
    const side = (s: string) => ({
      email: `${tag}-${s}@example.test`,
      domain: `${tag}-${s}.test`,
    });
    const cli = side("cli");
    const service = side("svc");
    const names = (s: typeof cli) => ({ [s.email]: "<email>", [s.domain]: "<domain>" });
    return { cli, service, cliNames: names(cli), serviceNames: names(service) };
  }

  describe("the CLI's statements against the services'", () => {
    it("create a user alike", async () => {
      const { cli, service, cliNames, serviceNames } = sides();
      await run(createUserPlan({ email: cli.email, displayName: "Drift Op" }));
      await createUser(db, { email: service.email, displayName: "Drift Op" });
      const [cliRows, serviceRows] = [
        await stored("users", "email", [cli.email]),
        await stored("users", "email", [service.email]),
      ];
      expect(cliRows).toHaveLength(1);
      expect(normalized(cliRows, cliNames)).toEqual(normalized(serviceRows, serviceNames));
    });

    it("create an organization alike: its row, the owner's membership, the domain rows", async () => {
      const { cli, service, cliNames, serviceNames } = sides();
      const owners = {
        cli: await createUser(db, { email: cli.email, displayName: "Owner" }),
        service: await createUser(db, { email: service.email, displayName: "Owner" }),
      };
      const made = await run(
        createOrganizationPlan({
          title: "Drift Org",
          ownerEmail: cli.email,
          domains: [cli.domain],
        }),
      );
      const org = await createOrganization(db, {
        title: "Drift Org",
        ownerId: owners.service.id,
        emailDomains: [service.domain],
      });
      const written = async (orgId: string) => [
        ...(await stored("organizations", "id", [orgId])),
        ...(await stored("org_members", "organization_id", [orgId])),
        ...(await stored("org_email_domains", "organization_id", [orgId])),
      ];
      const cliRows = await written(String(made.organization!.id));
      expect(cliRows).toHaveLength(3);
      expect(normalized(cliRows, cliNames)).toEqual(
        normalized(await written(org.id), serviceNames),
      );
    });

    it("issue, list and revoke tokens alike", async () => {
      const { cli, service, cliNames, serviceNames } = sides();
      const users = {
        cli: await createUser(db, { email: cli.email, displayName: "Holder" }),
        service: await createUser(db, { email: service.email, displayName: "Holder" }),
      };
      const inputs = [
        { label: "plain", scopes: null, expiresAt: null },
        { label: "scoped", scopes: ["read:content"], expiresAt: "2999-01-01T00:00:00.000Z" },
      ];
      for (const input of inputs) {
        await run(issueTokenPlan({ ...input, email: cli.email, minted: await mintToken() }));
        await issueToken(db, { ...input, userId: users.service.id });
      }
      const tokenRows = async (userId: string) => stored("api_tokens", "user_id", [userId]);
      expect(await tokenRows(users.cli.id)).toHaveLength(2);
      const sorted = (rows: Record<string, unknown>[]) =>
        [...rows].sort((a, b) => String(a.label).localeCompare(String(b.label)));
      expect(normalized(sorted(await tokenRows(users.cli.id)), cliNames)).toEqual(
        normalized(sorted(await tokenRows(users.service.id)), serviceNames),
      );

      // Listed: the CLI's printed tokens carry the values the service's rows decode to.
      const listed = await run(listTokensPlan({ email: cli.email }));
      const page = await listTokens(db, users.cli.id, 10);
      const fields = (t: {
        id: string;
        label: string;
        hint: string;
        scopes: string[] | null;
        createdAt: string;
        expiresAt: string | null;
        lastUsedAt: string | null;
      }) => ({
        id: t.id,
        label: t.label,
        hint: t.hint,
        scopes: t.scopes,
        createdAt: t.createdAt,
        expiresAt: t.expiresAt,
        lastUsedAt: t.lastUsedAt,
      });
      expect(listed.tokens.map(fields)).toEqual(page.rows.map(fields));

      // Revoked: one token each, by the CLI's plan and by the service.
      // The same token on both sides (by label: the rows' own order follows their random ids).
      const [cliToken] = sorted(await tokenRows(users.cli.id));
      const [serviceToken] = sorted(await tokenRows(users.service.id));
      await run(revokeTokenPlan({ id: String(cliToken!.id) }));
      await revokeToken(db, users.service.id, String(serviceToken!.id));
      expect(normalized(sorted(await tokenRows(users.cli.id)), cliNames)).toEqual(
        normalized(sorted(await tokenRows(users.service.id)), serviceNames),
      );
      const after = await run(listTokensPlan({ email: cli.email }));
      expect(after.tokens.filter((t) => !t.revoked).map(fields)).toEqual(
        (await listTokens(db, users.cli.id, 10)).rows.map(fields),
      );
    });

    it("issue a one-time sign-in link alike", async () => {
      const { cli, service, cliNames, serviceNames } = sides();
      const users = {
        cli: await createUser(db, { email: cli.email, displayName: "Signer" }),
        service: await createUser(db, { email: service.email, displayName: "Signer" }),
      };
      const made = await run(signInLinkPlan({ email: cli.email, minted: await mintSignInLink() }));
      expect(made.link?.token).toMatch(/^qsl_[A-Za-z0-9_-]{43}$/);
      await issueSignInLink(db, users.service.id);
      const [cliRows, serviceRows] = [
        await stored("sign_in_links", "user_id", [users.cli.id]),
        await stored("sign_in_links", "user_id", [users.service.id]),
      ];
      expect(cliRows).toHaveLength(1);
      expect(normalized(cliRows, cliNames)).toEqual(normalized(serviceRows, serviceNames));
      expect(
        await run(signInLinkPlan({ email: "nobody@example.test", minted: await mintSignInLink() })),
      ).toEqual({ link: null });
    });

    it("add a domain alike (the operator's verify beside addDomain), and list domains as the API does", async () => {
      const { cli, service, cliNames, serviceNames } = sides();
      const owner = await createUser(db, {
        email: `${unique("dom")}@example.test`,
        displayName: "O",
      });
      const orgs = {
        cli: await createOrganization(db, { title: "Drift Domains", ownerId: owner.id }),
        service: await createOrganization(db, { title: "Drift Domains", ownerId: owner.id }),
      };
      await run(verifyDomainPlan({ organizationId: orgs.cli.id, domain: cli.domain }));
      await addDomain(db, orgs.service.id, service.domain);
      // The standing differs by design (the operator's verification): everything else alike.
      const written = async (orgId: string) =>
        [
          ...(await stored("organizations", "id", [orgId])),
          ...(await stored("org_email_domains", "organization_id", [orgId])),
        ].map(({ status: _s, verified_at: _v, operator_verified: _o, ...rest }) => rest);
      const cliRows = await written(orgs.cli.id);
      expect(cliRows).toHaveLength(2);
      expect(normalized(cliRows, cliNames)).toEqual(
        normalized(await written(orgs.service.id), serviceNames),
      );

      // Listed: the CLI prints the fields the API answers, for each standing.
      const other = `${cli.domain}.other`;
      await addDomain(db, orgs.cli.id, other);
      await markVerified(orgs.cli.id, [other]);
      const pending = `a.${cli.domain}`;
      await addDomain(db, orgs.cli.id, pending);
      const printed = (await run(listDomainsPlan({ organizationId: orgs.cli.id }))).domains;
      const page = await as((await issueToken(db, { userId: owner.id, label: "d" })).secret).get(
        `/orgs/${orgs.cli.id}/domains`,
      );
      expect(printed.map((d) => d.verifiedBy)).toEqual([null, "operator", "dns"]);
      expect(printed).toEqual(
        page.body.items.map(
          (d: Record<string, unknown> & { lastCheck: { result: string } | null }) => ({
            domain: d.domain,
            status: d.status,
            record: d.record,
            verifiedAt: d.verifiedAt,
            verifiedBy: d.verifiedBy,
            lastCheckedAt: d.lastCheckedAt,
            lastResult: d.lastCheck?.result ?? null,
          }),
        ),
      );
    });

    it("seed the demo like the services would: user, organization, membership, token", async () => {
      const { cli, service, cliNames, serviceNames } = sides();
      const input = {
        displayName: "Demo Owner",
        orgTitle: "Demo Organization",
        tokenLabel: "demo",
      };
      const seeded = await run(
        seedDemoPlan({ ...input, email: cli.email, savedDigest: null, minted: await mintToken() }),
      );
      const user = await createUser(db, { email: service.email, displayName: input.displayName });
      const org = await createOrganization(db, { title: input.orgTitle, ownerId: user.id });
      await issueToken(db, { userId: user.id, label: input.tokenLabel });
      const written = async (userId: string, orgId: string) => [
        ...(await stored("users", "id", [userId])),
        ...(await stored("organizations", "id", [orgId])),
        ...(await stored("org_members", "organization_id", [orgId])),
        ...(await stored("api_tokens", "user_id", [userId])),
      ];
      const cliRows = await written(String(seeded.user!.id), String(seeded.organization!.id));
      expect(cliRows).toHaveLength(4);
      expect(normalized(cliRows, cliNames)).toEqual(
        normalized(await written(user.id, org.id), serviceNames),
      );
    });
  });
});
