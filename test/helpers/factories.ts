import { env } from "cloudflare:test";
import { getTableColumns, type Table } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { mintToken } from "../../src/auth/tokens";
import { createDb } from "../../src/db/client";
import { apiTokens, organizations, orgMembers, users } from "../../src/db/schema";
import { newId } from "../../src/lib/ids";
import type { MemberRole } from "../../src/lib/roles";
import { MEMBER_ROLES } from "../../src/lib/roles";
import { issueToken } from "../../src/services/users/tokens";
import { createUser } from "../../src/services/users/users";
import { addMember, createOrganization } from "../../src/services/organizations/organizations";

/** A drizzle handle on the test D1, for factories and direct assertions. */
export function testDb() {
  return createDb(env.DB);
}

let seq = 0;
/** A value unique within the test run, for e-mails and titles. */
export function unique(prefix = "x"): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
}

/** A user with a fresh unscoped API token. */
export async function makeUser(
  options: {
    email?: string;
    displayName?: string;
    emailVerified?: boolean;
    scopes?: string[];
  } = {},
) {
  const db = testDb();
  const user = await createUser(db, {
    email: options.email ?? `${unique("user")}@example.test`,
    displayName: options.displayName ?? "Test User",
    emailVerified: options.emailVerified ?? true,
  });
  const { secret } = await issueToken(db, {
    userId: user.id,
    label: "test",
    scopes: options.scopes ?? null,
  });
  return { user, token: secret };
}

/** A user and its token, as factories return them. */
export type TestUser = Awaited<ReturnType<typeof makeUser>>;

/** Another token for an existing user, optionally scoped or expired. */
export async function makeToken(
  userId: string,
  options: { scopes?: string[]; expiresAt?: string; revoked?: boolean } = {},
) {
  const [secret] = await makeTokens([{ userId, ...options }]);
  return secret!;
}

/**
 * Several extra tokens in one round trip (the authorization matrices make two per case), each
 * optionally scoped, expired or already revoked: rows as `issueToken` writes them.
 */
export async function makeTokens(
  wanted: readonly { userId: string; scopes?: string[]; expiresAt?: string; revoked?: boolean }[],
): Promise<string[]> {
  const now = new Date().toISOString();
  const made = await Promise.all(
    wanted.map(async (w) => {
      const minted = await mintToken();
      const row = {
        ...tokenRow(w.userId, "extra", minted, now),
        scopes: w.scopes ?? null,
        expiresAt: w.expiresAt ?? null,
        revokedAt: w.revoked ? now : null,
      };
      return { row, secret: minted.secret };
    }),
  );
  await testDb()
    .insert(apiTokens)
    .values(made.map((m) => m.row));
  return made.map((m) => m.secret);
}

/** An unscoped, unexpired API token's row, as `issueToken` writes it. */
function tokenRow(
  userId: string,
  label: string,
  minted: { digest: string; hint: string },
  createdAt: string,
): typeof apiTokens.$inferInsert {
  const { digest, hint } = minted;
  return { id: newId(), userId, label, digest, hint, scopes: null, createdAt, expiresAt: null };
}

/** An organization owned (as admin) by a new user, unless an owner is given. */
export async function makeOrg(
  options: { owner?: TestUser; title?: string; emailDomains?: string[] } = {},
) {
  const owner = options.owner ?? (await makeUser());
  const org = await createOrganization(testDb(), {
    title: options.title ?? unique("Org "),
    ownerId: owner.user.id,
    emailDomains: options.emailDomains,
  });
  return { org, owner };
}

/** Adds a new user to an organization with the given role (null: guest). */
export async function makeMember(organizationId: string, role: MemberRole | null) {
  const member = await makeUser();
  await addMember(testDb(), { organizationId, userId: member.user.id, role });
  return member;
}

/** An organization with one member per role, a guest and an outsider (member elsewhere). */
export async function makeOrgWithRoles() {
  const [world] = await makeOrgsWithRoles(1);
  return world!;
}

/** The organization, its members by role, a guest and an outsider (see `makeOrgWithRoles`). */
export interface OrgWithRoles {
  org: typeof organizations.$inferSelect;
  owner: TestUser;
  roles: Record<MemberRole, TestUser>;
  guest: TestUser;
  outsider: TestUser;
  outsiderOrg: typeof organizations.$inferSelect;
}

/** D1 binds at most 100 parameters to one statement. */
const D1_MAX_PARAMS = 100;

/** Rows cut into multi-row inserts under D1's limit (a row binds at most one value a column). */
function chunksFor<R>(table: Table, rows: R[]): R[][] {
  const size = Math.floor(D1_MAX_PARAMS / Object.keys(getTableColumns(table)).length);
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );
}

/**
 * `count` worlds of `makeOrgWithRoles` in one D1 round trip (made person by person through the
 * services, one world was 32 round trips), the rows as `createUser`, `issueToken`,
 * `createOrganization` and `addMember` write them (held equal by test/organizations/
 * organizations.test.ts). Each person is a millisecond after the last, all in the past, in the
 * order the services were once called in: the owner, the roles, the guest, the outsider.
 */
export async function makeOrgsWithRoles(count: number): Promise<OrgWithRoles[]> {
  const db = testDb();
  const people = MEMBER_ROLES.length + 2;
  const start = Date.now() - count * people;
  const userRows: (typeof users.$inferInsert)[] = [];
  const tokenRows: (typeof apiTokens.$inferInsert)[] = [];
  const orgRows: (typeof organizations.$inferInsert)[] = [];
  const memberRows: (typeof orgMembers.$inferInsert)[] = [];
  const secrets = new Map<string, string>();
  const person = async (at: number) => {
    const createdAt = new Date(at).toISOString();
    const id = newId();
    const email = `${unique("user")}@example.test`;
    userRows.push({ id, email, displayName: "Test User", emailVerified: true, createdAt });
    const minted = await mintToken();
    tokenRows.push(tokenRow(id, "test", minted, createdAt));
    secrets.set(id, minted.secret);
    return { id, createdAt };
  };
  const org = (createdAt: string, membersCount: number) => {
    const id = newId();
    orgRows.push({ id, title: unique("Org "), createdAt, emailDomains: [], membersCount });
    return id;
  };
  const plans: { orgId: string; outsiderOrgId: string; ids: string[] }[] = [];
  for (let w = 0; w < count; w++) {
    const at = start + w * people;
    const owner = await person(at);
    const orgId = org(owner.createdAt, people - 1);
    const ids = [owner.id];
    const member = (userId: string, role: MemberRole | null, joinedAt: string) =>
      memberRows.push({ organizationId: orgId, userId, role, joinedAt });
    member(owner.id, "admin", owner.createdAt);
    for (const [i, role] of [...MEMBER_ROLES.filter((r) => r !== "admin"), null].entries()) {
      const p = await person(at + 1 + i);
      member(p.id, role, p.createdAt);
      ids.push(p.id);
    }
    const outsider = await person(at + people - 1);
    const outsiderOrgId = org(outsider.createdAt, 1);
    memberRows.push({
      organizationId: outsiderOrgId,
      userId: outsider.id,
      role: "admin",
      joinedAt: outsider.createdAt,
    });
    plans.push({ orgId, outsiderOrgId, ids: [...ids, outsider.id] });
  }
  const [first, ...more]: BatchItem<"sqlite">[] = [
    ...chunksFor(users, userRows).map((rows) => db.insert(users).values(rows).returning()),
    ...chunksFor(organizations, orgRows).map((rows) =>
      db.insert(organizations).values(rows).returning(),
    ),
    ...chunksFor(apiTokens, tokenRows).map((rows) => db.insert(apiTokens).values(rows)),
    ...chunksFor(orgMembers, memberRows).map((rows) => db.insert(orgMembers).values(rows)),
  ];
  const results: unknown[] = await db.batch([first!, ...more]);
  const rows = new Map<string, unknown>();
  for (const result of results) {
    if (Array.isArray(result)) for (const row of result) rows.set((row as { id: string }).id, row);
  }
  const userOf = (id: string): TestUser => ({
    user: rows.get(id) as typeof users.$inferSelect,
    token: secrets.get(id)!,
  });
  return plans.map(({ orgId, outsiderOrgId, ids }) => {
    const [owner, ...rest] = ids.map(userOf) as [TestUser, ...TestUser[]];
    const roles = { admin: owner } as Record<MemberRole, TestUser>;
    MEMBER_ROLES.filter((r) => r !== "admin").forEach((role, i) => (roles[role] = rest[i]!));
    return {
      org: rows.get(orgId) as typeof organizations.$inferSelect,
      owner,
      roles,
      guest: rest[people - 3]!,
      outsider: rest[people - 2]!,
      outsiderOrg: rows.get(outsiderOrgId) as typeof organizations.$inferSelect,
    };
  });
}
