// The SQL behind the operator command line and the demo seed, as plans: the statements of ONE
// `wrangler d1 execute --command` call (one D1 batch, atomic) and a function that reads their
// results. Tables and columns are those of src/db/schema/{users,organizations}.ts; rows look like
// the ones src/services/{users,organizations}/ write, column by column:
// test/scripts/seed.test.ts ("statements-drift") runs each plan and the service's statements for the same
// inputs against a real D1 and compares what they write and read. Pure (no Node APIs), so the
// workerd tests run the same plans.
import { newId, nowIso } from "./identity.mjs";
import { raw, sql } from "./sql.mjs";

const TOKEN_COLUMNS = raw(
  "id, label, hint, scopes, created_at, expires_at, last_used_at, revoked_at",
);

/** A token row as the scripts print it (the API's field names, plus `revoked`). */
function tokenFromRow(row) {
  return {
    id: row.id,
    label: row.label,
    hint: row.hint,
    scopes: row.scopes ? JSON.parse(row.scopes) : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at ?? null,
    lastUsedAt: row.last_used_at ?? null,
    revoked: row.revoked_at != null,
    revokedAt: row.revoked_at ?? null,
  };
}

/** Creates a user unless the e-mail is taken (like `createUser`: lowercased, verified). */
export function createUserPlan({ email, displayName, emailVerified = true }) {
  const id = newId();
  return {
    statements: [
      sql`INSERT INTO users (id, display_name, email, email_verified, created_at)
        VALUES (${id}, ${displayName}, ${email}, ${emailVerified}, ${nowIso()})
        ON CONFLICT(email) DO NOTHING RETURNING id`,
      sql`SELECT id, display_name, email, email_verified, created_at FROM users WHERE email = ${email}`,
    ],
    read: ([inserted, [user]]) => ({ created: inserted.length > 0, user }),
  };
}

/**
 * Creates an organization owned (as admin) by the user with `ownerEmail`, like
 * `createOrganization`: the organization with members_count 1, the membership, the domain rows.
 * Nothing is written when no such user exists.
 */
export function createOrganizationPlan({ title, ownerEmail, domains = [] }) {
  const id = newId();
  const now = nowIso();
  const domainsJson = JSON.stringify(domains);
  const created = raw(sql`EXISTS (SELECT 1 FROM organizations WHERE id = ${id})`);
  return {
    statements: [
      sql`INSERT INTO organizations (id, title, created_at, email_domains, members_count)
        SELECT ${id}, ${title}, ${now}, ${domainsJson}, 1 FROM users WHERE email = ${ownerEmail}`,
      sql`INSERT INTO org_members (organization_id, user_id, role, joined_at)
        SELECT ${id}, u.id, 'admin', ${now} FROM users u WHERE u.email = ${ownerEmail} AND ${created}`,
      // Each domain pending with its random TXT token, as the service writes it (src/lib/domain-records.ts).
      sql`INSERT INTO org_email_domains (domain, organization_id, token)
        SELECT value, ${id}, lower(hex(randomblob(16))) FROM json_each(${domainsJson}) WHERE ${created}`,
      sql`SELECT o.id, o.title, o.created_at, o.email_domains, o.members_count, m.role AS owner_role
        FROM organizations o JOIN org_members m ON m.organization_id = o.id WHERE o.id = ${id}`,
    ],
    read: (results) => ({ organization: results[3][0] ?? null }),
  };
}

/** Issues a token for the user with `email`; nothing is written when no such user exists. */
export function issueTokenPlan({ email, label, scopes = null, expiresAt = null, minted }) {
  const id = newId();
  const scopesJson = scopes ? JSON.stringify(scopes) : null;
  return {
    statements: [
      sql`INSERT INTO api_tokens (id, user_id, label, digest, hint, scopes, created_at, expires_at)
        SELECT ${id}, u.id, ${label}, ${minted.digest}, ${minted.hint}, ${scopesJson}, ${nowIso()},
        ${expiresAt} FROM users u WHERE u.email = ${email}`,
      sql`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE id = ${id}`,
    ],
    read: (results) => {
      const row = results[1][0];
      return row ? { token: tokenFromRow(row), secret: minted.secret } : { token: null };
    },
  };
}

/**
 * Revokes an API token by id (a session is not one: unknown here); tells a revoked token from an
 * already revoked or unknown one.
 */
export function revokeTokenPlan({ id }) {
  return {
    statements: [
      sql`UPDATE api_tokens SET revoked_at = ${nowIso()} WHERE id = ${id} AND kind = 'api'
        AND revoked_at IS NULL RETURNING id`,
      sql`SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE id = ${id} AND kind = 'api'`,
    ],
    read: ([updated, [row]]) => ({
      found: Boolean(row),
      revokedNow: updated.length > 0,
      token: row ? tokenFromRow(row) : null,
    }),
  };
}

/**
 * A one-time sign-in link for the user with `email`, like `issueSignInLink`
 * (src/services/sessions/link.ts): only the digest stored, one hour. Nothing is written when no
 * such user exists.
 */
export function signInLinkPlan({ email, minted, now = Date.now() }) {
  const id = newId();
  const createdAt = new Date(now).toISOString();
  const expiresAt = new Date(now + 60 * 60 * 1000).toISOString();
  return {
    statements: [
      sql`INSERT INTO sign_in_links (id, user_id, digest, created_at, expires_at)
        SELECT ${id}, u.id, ${minted.digest}, ${createdAt}, ${expiresAt} FROM users u
        WHERE u.email = ${email}`,
      sql`SELECT id, expires_at FROM sign_in_links WHERE id = ${id}`,
    ],
    read: (results) => {
      const row = results[1][0];
      return row ? { link: { token: minted.token, expiresAt: row.expires_at } } : { link: null };
    },
  };
}

/** Every API token of a user (not their sessions), revoked ones included, newest first. */
export function listTokensPlan({ email }) {
  return {
    statements: [
      sql`SELECT id FROM users WHERE email = ${email}`,
      sql`SELECT ${raw("t.id, t.label, t.hint, t.scopes, t.created_at, t.expires_at")},
        ${raw("t.last_used_at, t.revoked_at")} FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE u.email = ${email} AND t.kind = 'api' ORDER BY t.created_at DESC, t.id DESC`,
    ],
    read: ([[user], rows]) => ({ userFound: Boolean(user), tokens: rows.map(tokenFromRow) }),
  };
}

/**
 * The idempotent demo seed: the owner user, an organization with that title where the owner is
 * admin, and a token. The saved token (by digest) is kept while it is valid for that user;
 * otherwise `minted` is stored. One batch, so a failed run leaves nothing half-made.
 */
export function seedDemoPlan({ email, displayName, orgTitle, tokenLabel, savedDigest, minted }) {
  const now = nowIso();
  const [userId, orgId, tokenId] = [newId(), newId(), newId()];
  const demoOrg = raw(sql`SELECT o.id FROM organizations o
    JOIN org_members m ON m.organization_id = o.id JOIN users u ON u.id = m.user_id
    WHERE u.email = ${email} AND o.title = ${orgTitle} AND m.role = 'admin'`);
  const savedValid = raw(sql`SELECT 1 FROM api_tokens t WHERE t.digest = ${savedDigest}
    AND t.user_id = u.id AND t.revoked_at IS NULL
    AND (t.expires_at IS NULL OR julianday(t.expires_at) > julianday(${now}))`);
  return {
    statements: [
      sql`INSERT INTO users (id, display_name, email, email_verified, created_at)
        VALUES (${userId}, ${displayName}, ${email}, 1, ${now}) ON CONFLICT(email) DO NOTHING
        RETURNING id`,
      sql`INSERT INTO organizations (id, title, created_at, email_domains, members_count)
        SELECT ${orgId}, ${orgTitle}, ${now}, '[]', 1 WHERE NOT EXISTS (${demoOrg}) RETURNING id`,
      sql`INSERT INTO org_members (organization_id, user_id, role, joined_at)
        SELECT ${orgId}, u.id, 'admin', ${now} FROM users u WHERE u.email = ${email}
        AND EXISTS (SELECT 1 FROM organizations WHERE id = ${orgId})`,
      sql`INSERT INTO api_tokens (id, user_id, label, digest, hint, scopes, created_at)
        SELECT ${tokenId}, u.id, ${tokenLabel}, ${minted.digest}, ${minted.hint}, NULL, ${now}
        FROM users u WHERE u.email = ${email} AND NOT EXISTS (${savedValid}) RETURNING id`,
      sql`SELECT id, display_name, email FROM users WHERE email = ${email}`,
      sql`SELECT o.id, o.title, o.members_count FROM organizations o
        WHERE o.id IN (${demoOrg}) ORDER BY o.created_at, o.id LIMIT 1`,
    ],
    read: ([userInserted, orgInserted, , tokenInserted, [user], [organization]]) => ({
      user,
      organization,
      userCreated: userInserted.length > 0,
      organizationCreated: orgInserted.length > 0,
      tokenIssued: tokenInserted.length > 0,
    }),
  };
}

/** Most e-mail domains an organization lists: `MAX_EMAIL_DOMAINS` of src/api/organizations.ts. */
export const MAX_EMAIL_DOMAINS = 50;

const DOMAIN_COLUMNS = raw(
  "domain, token, status, verified_at, last_checked_at, last_result, operator_verified",
);

/** A domain row as the scripts print it (the API's field names, src/presenters/domain.ts). */
function domainFromRow(row) {
  const verified = row.status === "verified";
  return {
    domain: row.domain,
    status: row.status,
    record: { type: "TXT", name: `_quire.${row.domain}`, value: `quire-verification=${row.token}` },
    verifiedAt: row.verified_at ?? null,
    verifiedBy: verified ? (row.operator_verified ? "operator" : "dns") : null,
    lastCheckedAt: row.last_checked_at ?? null,
    lastResult: row.last_result ?? null,
  };
}

/** The statement reading an organization's id and title (none: no such organization). */
function organizationRow(organizationId) {
  return sql`SELECT id, title FROM organizations WHERE id = ${organizationId}`;
}

/** The organization (id, title) or nothing, and its domains by name. */
export function listDomainsPlan({ organizationId }) {
  return {
    statements: [
      organizationRow(organizationId),
      sql`SELECT ${DOMAIN_COLUMNS} FROM org_email_domains WHERE organization_id = ${organizationId}
        ORDER BY domain`,
    ],
    read: ([[organization], rows]) => ({
      organization: organization ?? null,
      domains: rows.map(domainFromRow),
    }),
  };
}

/**
 * Verifies a domain of an organization as the operator (no DNS record needed, and no check
 * un-verifies it: `afterCheck`, src/lib/domain-records.ts). A domain it does not list yet is added
 * first, as `addDomain` (src/services/organizations/domains/domains.ts) adds one: appended to
 * `emailDomains` unless `MAX_EMAIL_DOMAINS` are listed, its row pending with a random token. A
 * domain verified already keeps its `verified_at`.
 */
export function verifyDomainPlan({ organizationId, domain }) {
  const now = nowIso();
  const listed = raw(sql`EXISTS (SELECT 1 FROM organizations o, json_each(o.email_domains) j
    WHERE o.id = ${organizationId} AND j.value = ${domain})`);
  const mine = raw(sql`organization_id = ${organizationId} AND domain = ${domain}`);
  return {
    statements: [
      sql`UPDATE organizations SET email_domains = json_insert(email_domains, '$[#]', ${domain})
        WHERE id = ${organizationId} AND NOT ${listed}
        AND json_array_length(email_domains) < ${MAX_EMAIL_DOMAINS} RETURNING id`,
      sql`INSERT INTO org_email_domains (domain, organization_id, token)
        SELECT ${domain}, ${organizationId}, lower(hex(randomblob(16))) WHERE ${listed}
        ON CONFLICT DO NOTHING`,
      sql`UPDATE org_email_domains SET status = 'verified', misses = 0, operator_verified = 1,
        verified_at = CASE WHEN status = 'verified' THEN coalesce(verified_at, ${now}) ELSE ${now} END
        WHERE ${mine} AND ${listed}`,
      organizationRow(organizationId),
      sql`SELECT ${DOMAIN_COLUMNS} FROM org_email_domains WHERE ${mine}`,
    ],
    read: ([appended, , , [organization], [row]]) => ({
      organization: organization ?? null,
      added: appended.length > 0,
      domain: row ? domainFromRow(row) : null,
    }),
  };
}

/**
 * Takes the operator's verification back: the domain is pending again (an admin's "Check now"
 * verifies it by DNS). A domain DNS verified, or not verified, is left as it is.
 */
export function unverifyDomainPlan({ organizationId, domain }) {
  const mine = raw(sql`organization_id = ${organizationId} AND domain = ${domain}`);
  return {
    statements: [
      sql`UPDATE org_email_domains SET status = 'pending', verified_at = NULL, misses = 0,
        operator_verified = 0 WHERE ${mine} AND operator_verified = 1 RETURNING domain`,
      organizationRow(organizationId),
      sql`SELECT ${DOMAIN_COLUMNS} FROM org_email_domains WHERE ${mine}`,
    ],
    read: ([updated, [organization], [row]]) => ({
      organization: organization ?? null,
      unverifiedNow: updated.length > 0,
      domain: row ? domainFromRow(row) : null,
    }),
  };
}
