import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { createOrganization } from "../../src/services/organizations/organizations";
import { issueToken, listTokens, revokeToken } from "../../src/services/users/tokens";
import { createUser } from "../../src/services/users/users";
import { unique } from "../helpers/factories";
import { mintSignInLink, mintToken } from "../../scripts/lib/identity.mjs";
import { issueSignInLink } from "../../src/services/sessions/link";
import {
  createOrganizationPlan,
  createUserPlan,
  issueTokenPlan,
  listTokensPlan,
  revokeTokenPlan,
  seedDemoPlan,
  signInLinkPlan,
  type Plan,
  type Rows,
} from "../../scripts/lib/statements.mjs";

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
      createOrganizationPlan({ title: "Drift Org", ownerEmail: cli.email, domains: [cli.domain] }),
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
    expect(normalized(cliRows, cliNames)).toEqual(normalized(await written(org.id), serviceNames));
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

  it("seed the demo like the services would: user, organization, membership, token", async () => {
    const { cli, service, cliNames, serviceNames } = sides();
    const input = { displayName: "Demo Owner", orgTitle: "Demo Organization", tokenLabel: "demo" };
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
