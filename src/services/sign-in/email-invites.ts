import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailInvites, orgMembers, organizations, users } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { ApiError } from "../../lib/errors";
import { randomToken, safeEqual, sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/clock";
import type { MemberRole } from "../../lib/roles";
import { sendMail } from "../../mail";
import { setSsoMember } from "../sso/removals";
import { inviteMessage } from "./messages";
import { addressHasAccount } from "./pending-invites";
import { createVerifiedPerson } from "./sign-up";
import { restrictingOrgsOf, ssoOrgOf, ssoWayInOf, type RestrictingOrg } from "./org-policy";
import { ssoRefusal } from "./redeem";
import type { SignInEnv } from "./sign-in-env";

/** An e-mail invite's link works this long. */
const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

/** One address to invite, with its role (null: a guest). */
export interface InviteEntry {
  email: string;
  role: MemberRole | null;
}

/**
 * Invites addresses to an organization (official `inviteUsersToOrganization`). Nobody is added
 * at once: every address gets a pending invite (7 days; a new invite replaces an older pending
 * one) and a mail with its link (`<app>/invite/<id>?token=…`). A person who already has an
 * account accepts or declines it once signed in (src/services/sign-in/pending-invites.ts); an
 * address with no account accepts by the link, which creates the person and joins. Members
 * already there are left as they are. `users` (the people added) is therefore always empty;
 * `invited` counts the invites sent.
 */
export async function inviteByEmail(
  db: Database,
  env: SignInEnv,
  input: {
    org: { id: string; title: string };
    inviter: { id: string; displayName: string };
    entries: readonly InviteEntry[];
    sso: boolean;
  },
): Promise<{ users: string[]; invited: number }> {
  const emails = [...new Set(input.entries.map((e) => e.email))];
  const read = await runStatements(db, {
    people: db.select({ email: users.email }).from(users).where(inArray(users.email, emails)),
    members: db
      .select({ email: users.email })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(and(eq(orgMembers.organizationId, input.org.id), inArray(users.email, emails))),
  });
  const accounts = new Set(read.people.map((p) => p.email));
  const members = new Set(read.members.map((m) => m.email));
  let invited = 0;
  const app = env.PUBLIC_APP_URL.replace(/\/+$/, "");
  const seen = new Set<string>();
  for (const entry of input.entries) {
    if (seen.has(entry.email) || members.has(entry.email)) continue;
    seen.add(entry.email);
    const words = { orgTitle: input.org.title, inviter: input.inviter.displayName };
    const id = newId();
    const token = randomToken(32);
    const now = nowMs();
    await runStatements(db, {
      replaced: db
        .delete(emailInvites)
        .where(
          and(
            eq(emailInvites.organizationId, input.org.id),
            eq(emailInvites.email, entry.email),
            isNull(emailInvites.acceptedAt),
          ),
        ),
      invite: db.insert(emailInvites).values({
        id,
        organizationId: input.org.id,
        email: entry.email,
        role: entry.role,
        sso: input.sso,
        tokenDigest: await sha256Hex(token),
        invitedBy: input.inviter.id,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + INVITE_TTL_MS).toISOString(),
      }),
    });
    const link = `${app}/invite/${id}?token=${token}`;
    const account = accounts.has(entry.email);
    await sendMail(env, inviteMessage(entry.email, { ...words, link, account }));
    invited++;
  }
  return { users: [], invited };
}

/** A pending invite the link names, checked (token digest, unused, unexpired), or 410. */
async function liveInvite(db: Database, inviteId: string, token: string) {
  const [row] = await db
    .select({
      id: emailInvites.id,
      email: emailInvites.email,
      role: emailInvites.role,
      sso: emailInvites.sso,
      tokenDigest: emailInvites.tokenDigest,
      expiresAt: emailInvites.expiresAt,
      acceptedAt: emailInvites.acceptedAt,
      organizationId: organizations.id,
      organizationTitle: organizations.title,
      organizationSso: organizations.sso,
    })
    .from(emailInvites)
    .innerJoin(organizations, eq(organizations.id, emailInvites.organizationId))
    .where(eq(emailInvites.id, inviteId));
  const matches = row ? safeEqual(await sha256Hex(token), row.tokenDigest) : false;
  if (!row || !matches || row.acceptedAt !== null || Date.parse(row.expiresAt) <= nowMs()) {
    throw new ApiError(410, "This invite has expired or was already used: ask for a new one");
  }
  return row;
}

/**
 * What the invite page shows before anything is spent: the organization, the address, the role,
 * and whether an account uses the address (then the person signs in to accept or decline).
 */
export async function inviteInfo(db: Database, inviteId: string, token: string) {
  const row = await liveInvite(db, inviteId, token);
  return {
    id: row.id,
    organization: { id: row.organizationId, title: row.organizationTitle },
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    account: await addressHasAccount(db, row.email),
  };
}

/**
 * Accepts an e-mail invite by its link, for an address with no account: the link proves the
 * address, so the person is created with it verified and joins with the invite's role. An
 * address that has an account is refused (409): its person signs in and accepts there, so
 * nobody joins an existing account to an organization but its owner.
 */
export async function acceptEmailInvite(
  db: Database,
  input: {
    inviteId: string;
    token: string;
    displayName?: string;
    ssoStart: (org: RestrictingOrg) => string;
  },
): Promise<{ userId: string; created: boolean; organizationId: string }> {
  const row = await liveInvite(db, input.inviteId, input.token);
  if (await addressHasAccount(db, row.email)) {
    throw new ApiError(
      409,
      `An account already uses ${row.email}: sign in to it, then accept or decline the invite`,
    );
  }
  // An organization that enforces SSO (the invite's, or one the person already belongs to) lets
  // its members in through its SSO only: nothing is accepted here, the SSO sign-in provisions.
  const sso = row.organizationSso
    ? await ssoWayInOf(db, row.organizationId, row.organizationTitle)
    : ssoOrgOf(await restrictingOrgsOf(db, sql`(SELECT id FROM users WHERE email = ${row.email})`));
  if (sso) throw ssoRefusal(sso, input.ssoStart(sso));
  const person = await createVerifiedPerson(db, row.email, {
    displayName: input.displayName,
    onlyInvite: row.id,
  });
  if (row.sso) await setSsoMember(db, row.organizationId, person.userId);
  return { ...person, organizationId: row.organizationId };
}
