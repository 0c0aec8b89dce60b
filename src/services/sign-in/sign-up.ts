import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  emailInvites,
  orgEmailDomains,
  orgMembers,
  organizations,
  users,
} from "../../db/schema/index";
import { runStatements, type Statements } from "../../db/plan";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";

/** The domain part of an address, lowercased. */
function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** A display name for a new person: the address's local part, tidied. */
function nameFromAddress(email: string): string {
  const local = email
    .slice(0, email.lastIndexOf("@"))
    .replace(/[._+-]+/g, " ")
    .trim();
  return (local || email).slice(0, 100);
}

/**
 * The statements that tell whether an address without an account may create one: its pending
 * e-mail invites, and the organizations that VERIFIED its domain (whose `join` it may then call).
 */
export function signUpStatements(db: Database, email: string) {
  const now = nowIso();
  return {
    invites: db
      .select({ n: count() })
      .from(emailInvites)
      .where(
        and(
          eq(emailInvites.email, email),
          isNull(emailInvites.acceptedAt),
          gt(emailInvites.expiresAt, now),
        ),
      ),
    domains: db
      .select({ n: count() })
      .from(orgEmailDomains)
      .where(
        and(eq(orgEmailDomains.domain, domainOf(email)), eq(orgEmailDomains.status, "verified")),
      ),
  };
}

/**
 * The sign-up rule: a new person may be created by e-mail only when they hold a pending invite,
 * or their (then verified) address is on a verified domain of an organization, or the deployment
 * says `SIGN_UP = "open"`.
 */
export function maySignUp(
  signUp: string | undefined,
  found: { invites: { n: number }[]; domains: { n: number }[] },
): boolean {
  if ((signUp ?? "").trim().toLowerCase() === "open") return true;
  return (found.invites[0]?.n ?? 0) > 0 || (found.domains[0]?.n ?? 0) > 0;
}

/** Statements adding a person (by address) to one organization with a role, counting them. */
function joinStatements(
  db: Database,
  name: string,
  input: { organizationId: string; email: string; role: string | null },
): Statements {
  const userId = sql<string>`(SELECT id FROM users WHERE email = ${input.email})`;
  return {
    [`${name}Member`]: db
      .insert(orgMembers)
      .values({
        organizationId: input.organizationId,
        userId,
        role: input.role as never,
        joinedAt: nowIso(),
      })
      .onConflictDoNothing(),
    [`${name}Count`]: db
      .update(organizations)
      .set({ membersCount: sql`${organizations.membersCount} + changes()` })
      .where(eq(organizations.id, input.organizationId)),
  };
}

/**
 * Creates the person behind a verified address (or marks an existing one verified), in ONE
 * batch with accepting `onlyInvite` (the invite link they followed: membership with its role).
 * Their other pending invites stay pending, to accept or decline once signed in: signing up is
 * no consent to join every organization that invited the address. Answers the person's id and
 * whether they were new.
 */
export async function createVerifiedPerson(
  db: Database,
  email: string,
  options: { displayName?: string; onlyInvite?: string } = {},
): Promise<{ userId: string; created: boolean }> {
  const now = nowIso();
  const live = and(
    eq(emailInvites.email, email),
    isNull(emailInvites.acceptedAt),
    gt(emailInvites.expiresAt, now),
    eq(emailInvites.id, options.onlyInvite ?? ""),
  );
  const pending = options.onlyInvite
    ? await db
        .select({
          id: emailInvites.id,
          organizationId: emailInvites.organizationId,
          role: emailInvites.role,
        })
        .from(emailInvites)
        .where(live)
        .limit(1)
    : [];
  let statements: Statements = {
    user: db
      .insert(users)
      .values({
        id: newId(),
        email,
        displayName: options.displayName?.trim() || nameFromAddress(email),
        emailVerified: true,
        createdAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id }),
    verified: db.update(users).set({ emailVerified: true }).where(eq(users.email, email)),
  };
  pending.forEach((invite, i) => {
    statements = { ...statements, ...joinStatements(db, `invite${i}`, { ...invite, email }) };
  });
  if (pending.length > 0) {
    statements.accepted = db
      .update(emailInvites)
      .set({ acceptedAt: now })
      .where(
        and(
          live,
          inArray(
            emailInvites.id,
            pending.map((p) => p.id),
          ),
        ),
      );
  }
  statements.who = db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const results = (await runStatements(db, statements)) as Record<string, unknown>;
  const created = (results.user as { id: string }[]).length > 0;
  return { userId: (results.who as { id: string }[])[0]!.id, created };
}
