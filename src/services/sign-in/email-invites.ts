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
import { addMember } from "../organizations/organizations";
import { addedMessage, inviteMessage } from "./messages";
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
 * Invites addresses to an organization (official `inviteUsersToOrganization`). A person who
 * already has an account is added at once with the role (their id is in `users`) and told by
 * mail; an address with no account gets an invite link (`<app>/invite/<id>?token=…`, 7 days,
 * single use; a new invite replaces an older pending one), which creates the person and joins.
 * Members already there are left as they are. `invited` counts both kinds.
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
    people: db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails)),
    members: db
      .select({ userId: orgMembers.userId })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(and(eq(orgMembers.organizationId, input.org.id), inArray(users.email, emails))),
  });
  const byEmail = new Map(read.people.map((p) => [p.email, p.id]));
  const members = new Set(read.members.map((m) => m.userId));
  const added: string[] = [];
  let invited = 0;
  const app = env.PUBLIC_APP_URL.replace(/\/+$/, "");
  const seen = new Set<string>();
  for (const entry of input.entries) {
    if (seen.has(entry.email)) continue;
    seen.add(entry.email);
    const userId = byEmail.get(entry.email);
    const words = { orgTitle: input.org.title, inviter: input.inviter.displayName };
    if (userId) {
      if (members.has(userId)) continue;
      await addMember(db, { organizationId: input.org.id, userId, role: entry.role });
      if (input.sso) await setSsoMember(db, input.org.id, userId);
      await sendMail(
        env,
        addedMessage(entry.email, { ...words, link: `${app}/o/${input.org.id}` }),
      );
      added.push(userId);
      invited++;
      continue;
    }
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
    await sendMail(env, inviteMessage(entry.email, { ...words, link }));
    invited++;
  }
  return { users: added, invited };
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

/** What the invite page shows before anything is spent: the organization, the address, the role. */
export async function inviteInfo(db: Database, inviteId: string, token: string) {
  const row = await liveInvite(db, inviteId, token);
  return {
    organization: { id: row.organizationId, title: row.organizationTitle },
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
  };
}

/**
 * Accepts an e-mail invite: the link proves the address, so the person is created with it
 * verified (or, when they signed up meanwhile, found) and joins with the invite's role.
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
