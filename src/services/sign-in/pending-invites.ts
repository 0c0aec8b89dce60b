import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { EmailInviteRow } from "../../db/schema/index";
import { emailInvites, orgMembers, organizations, users } from "../../db/schema/index";
import { plan, runStatements } from "../../db/plan";
import { ApiError, forbidden, notFound } from "../../lib/errors";
import { nowIso, nowMs } from "../../lib/clock";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { setSsoMember } from "../sso/removals";
import { disabledMembershipReason } from "../sso/existing-account";

/**
 * An e-mail invite is a pending offer until its person accepts it (docs/security.md, "E-mail
 * invites need consent"): inviting an address never makes its account a member. The person sees
 * their pending invites (matched by their verified address) and accepts or declines one; an
 * admin lists the organization's pending invites and revokes one. Until accepted, the invitee
 * is no member: no access, not counted, and no organization IdP may sign in as their account.
 */

/**
 * The columns a pending invite is shown with, its organization's title and its inviter's name
 * joined (the inviter's name is null once their account is gone).
 */
const inviteColumns = {
  id: emailInvites.id,
  organizationId: emailInvites.organizationId,
  organizationTitle: organizations.title,
  email: emailInvites.email,
  role: emailInvites.role,
  sso: emailInvites.sso,
  invitedBy: emailInvites.invitedBy,
  invitedByName: users.displayName,
  createdAt: emailInvites.createdAt,
  expiresAt: emailInvites.expiresAt,
  acceptedAt: emailInvites.acceptedAt,
};

/** Unaccepted invites only (an accepted one is a membership; a declined or revoked one is gone). */
const pending = isNull(emailInvites.acceptedAt);

/**
 * A page of the person's pending, unexpired invites (by their address), newest first, with
 * their count, as a plan.
 */
export function personInvitesPlan(db: Database, email: string, limit: number, after?: CursorKey) {
  const mine = and(eq(emailInvites.email, email), pending, gt(emailInvites.expiresAt, nowIso()));
  return invitesPage(db, mine, limit, after);
}

/** A page of an organization's pending invites (expired ones too, until purged), as a plan. */
export function orgInvitesPlan(db: Database, orgId: string, limit: number, after?: CursorKey) {
  return invitesPage(db, and(eq(emailInvites.organizationId, orgId), pending), limit, after);
}

function invitesPage(
  db: Database,
  where: ReturnType<typeof and>,
  limit: number,
  after: CursorKey | undefined,
) {
  const keys = [emailInvites.createdAt, emailInvites.id];
  return plan(
    {
      rows: db
        .select(inviteColumns)
        .from(emailInvites)
        .innerJoin(organizations, eq(organizations.id, emailInvites.organizationId))
        .leftJoin(users, eq(users.id, emailInvites.invitedBy))
        .where(after ? and(where, keysetAfter(keys, after, "desc")) : where)
        .orderBy(desc(emailInvites.createdAt), desc(emailInvites.id))
        .limit(limit + 1),
      total: db.select({ n: count() }).from(emailInvites).where(where),
    },
    (r) => ({ rows: r.rows satisfies EmailInviteRow[], count: r.total[0]?.n ?? 0 }),
  );
}

/** Revokes a pending invite of the organization (admins); an absent one changes nothing. */
export async function revokeEmailInvite(db: Database, orgId: string, inviteId: string) {
  await db
    .delete(emailInvites)
    .where(and(eq(emailInvites.organizationId, orgId), eq(emailInvites.id, inviteId), pending));
}

/** Declines one of the person's pending invites; an absent one (or another's) changes nothing. */
export async function declineEmailInvite(db: Database, email: string, inviteId: string) {
  await db
    .delete(emailInvites)
    .where(and(eq(emailInvites.id, inviteId), eq(emailInvites.email, email), pending));
}

/** The person who accepts: their id and their address, which must be verified. */
interface Invitee {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Accepts one of the person's invites: they join with its role (and as an SSO member when the
 * invite says so), counted, and the invite is spent, in one batch. Idempotent: accepting an
 * invite already accepted while still a member answers it again. Another person's invite, or
 * none: 404; expired, or accepted and since removed: 410; an unverified address: 403; a
 * disabled membership: 403. A person already a member keeps their role.
 */
export async function acceptPendingInvite(
  db: Database,
  person: Invitee,
  inviteId: string,
): Promise<EmailInviteRow> {
  const read = await runStatements(db, {
    invite: db
      .select(inviteColumns)
      .from(emailInvites)
      .innerJoin(organizations, eq(organizations.id, emailInvites.organizationId))
      .leftJoin(users, eq(users.id, emailInvites.invitedBy))
      .where(and(eq(emailInvites.id, inviteId), eq(emailInvites.email, person.email))),
    member: db
      .select({ disabled: orgMembers.disabled })
      .from(orgMembers)
      .innerJoin(emailInvites, eq(emailInvites.organizationId, orgMembers.organizationId))
      .where(and(eq(emailInvites.id, inviteId), eq(orgMembers.userId, person.id))),
  });
  const invite: EmailInviteRow | undefined = read.invite[0];
  if (!invite) throw notFound("Invite");
  const member = read.member[0];
  if (member?.disabled) throw forbidden(disabledMembershipReason(invite.organizationTitle));
  if (invite.acceptedAt !== null) {
    if (member) return invite;
    throw new ApiError(410, "This invite was already accepted: ask for a new one");
  }
  if (Date.parse(invite.expiresAt) <= nowMs()) {
    throw new ApiError(410, "This invite has expired: ask for a new one");
  }
  if (!person.emailVerified) {
    throw forbidden(
      `Your address ${person.email} is not verified: sign in once with an e-mail link or code, then accept the invite`,
    );
  }
  const now = nowIso();
  const done = await runStatements(db, {
    // The spend comes first: of two accepts at once, one updates the row and joins.
    spent: db
      .update(emailInvites)
      .set({ acceptedAt: now })
      .where(and(eq(emailInvites.id, inviteId), pending))
      .returning({ id: emailInvites.id }),
    member: db
      .insert(orgMembers)
      .select(
        db
          .select({
            organizationId: emailInvites.organizationId,
            userId: sql<string>`${person.id}`.as("user_id"),
            role: emailInvites.role,
            disabled: sql<number>`0`.as("disabled"),
            joinedAt: sql<string>`${now}`.as("joined_at"),
            lastSeenAt: sql<string | null>`NULL`.as("last_seen_at"),
          })
          .from(emailInvites)
          .where(and(eq(emailInvites.id, inviteId), eq(emailInvites.acceptedAt, now))),
      )
      .onConflictDoNothing(),
    counted: db
      .update(organizations)
      .set({ membersCount: sql`${organizations.membersCount} + changes()` })
      .where(eq(organizations.id, invite.organizationId)),
  });
  if (done.spent.length > 0 && invite.sso) {
    await setSsoMember(db, invite.organizationId, person.id);
  }
  return { ...invite, acceptedAt: now };
}

/** Whether an account uses the address (the invite page then asks to sign in and accept). */
export async function addressHasAccount(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}
