import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb } from "../../src/db/client";
import { apiTokens } from "../../src/db/schema";
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
  const db = testDb();
  const { row, secret } = await issueToken(db, {
    userId,
    label: "extra",
    scopes: options.scopes ?? null,
    expiresAt: options.expiresAt ?? null,
  });
  if (options.revoked) {
    await db
      .update(apiTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(eq(apiTokens.id, row.id));
  }
  return secret;
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
  const { org, owner } = await makeOrg();
  const roles = {} as Record<MemberRole, TestUser>;
  for (const role of MEMBER_ROLES) {
    roles[role] = role === "admin" ? owner : await makeMember(org.id, role);
  }
  const guest = await makeMember(org.id, null);
  const outsiderOrg = await makeOrg();
  return { org, owner, roles, guest, outsider: outsiderOrg.owner, outsiderOrg: outsiderOrg.org };
}
