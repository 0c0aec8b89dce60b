import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { hasRoleOfKindSql, hasRoleSql, kindSql } from "../../src/auth/access-sql";
import {
  CALLER_KINDS,
  DEFAULT_LEVELS,
  effectiveRole,
  kindOf,
  roleOf,
  type CallerKind,
} from "../../src/auth/role-rule";
import { MEMBER_ROLES, type MemberRole } from "../../src/lib/roles";

/** Runs `SELECT` over SQL in the test D1 and returns its rows. */
async function rows<T>(query: SQL): Promise<T[]> {
  const { sql: text, params } = new SQLiteAsyncDialect().sqlToQuery(query);
  return (
    await env.DB.prepare(text)
      .bind(...params)
      .all<T>()
  ).results;
}

const RANKS = [-1, ...MEMBER_ROLES.map((_, i) => i)];
const ORG_ROLES: (MemberRole | null)[] = [null, ...MEMBER_ROLES];

/** A literal of the domain (D1 binds at most 100 values: the tables are written inline). */
const literal = (v: string | number | null) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v}'`;

/** Every (level, rank) pair as a `VALUES` table (`column1`, `column2`). */
const PAIRS = sql.raw(
  DEFAULT_LEVELS.flatMap((level) => RANKS.map((rank) => `(${literal(level)}, ${rank})`)).join(", "),
);

/**
 * The SQL forms of the rule are worked out from `roleOf` (src/auth/role-rule.ts); here they are
 * run in D1 over the whole domain — every organization role, every default level a row holds,
 * every grant rank — and must say "has a role" exactly when `roleOf` gives one.
 */
describe("the access rule's SQL, worked out from roleOf", () => {
  it("hasRoleSql agrees with roleOf on every level, rank and organization role", async () => {
    for (const orgRole of ORG_ROLES) {
      const standing = { orgRole, isGuest: orgRole === null };
      const kind = kindOf(standing);
      const got = await rows<{ level: string | null; rank: number; sees: number }>(
        sql`SELECT column1 AS level, column2 AS rank,
          ${hasRoleSql(kind, sql`column1`, sql`column2`)} AS sees FROM (VALUES ${PAIRS})`,
      );
      expect(got).toHaveLength(DEFAULT_LEVELS.length * RANKS.length);
      for (const row of got) {
        const level = row.level as (typeof DEFAULT_LEVELS)[number];
        const expected = roleOf(standing, level, row.rank) !== null;
        expect(Boolean(row.sees), `${orgRole} at (${row.level}, ${row.rank})`).toBe(expected);
      }
    }
  });

  it("kindSql and hasRoleOfKindSql decide the kind in SQL as kindOf does", async () => {
    const roles = sql.raw(ORG_ROLES.map((r) => `(${literal(r)})`).join(", "));
    const kinds = await rows<{ role: MemberRole | null; kind: CallerKind }>(
      sql`SELECT column1 AS role, ${kindSql(sql`column1`)} AS kind FROM (VALUES ${roles})`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(
      ORG_ROLES.map((orgRole) => kindOf({ orgRole, isGuest: orgRole === null })),
    );
    for (const kind of CALLER_KINDS) {
      const byKind = await rows<{ a: number; b: number }>(
        sql`SELECT ${hasRoleOfKindSql(sql`${kind}`, sql`column1`, sql`column2`)} AS a,
          ${hasRoleSql(kind, sql`column1`, sql`column2`)} AS b FROM (VALUES ${PAIRS})`,
      );
      for (const row of byKind) expect(Boolean(row.a)).toBe(Boolean(row.b));
    }
  });

  it("effectiveRole resolves the chain's level as the first one set, the org role at the top", () => {
    const member = { orgRole: "comment" as const, isGuest: false };
    const chain = (...levels: (typeof DEFAULT_LEVELS)[number][]) =>
      levels.map((defaultLevel) => ({ defaultLevel }));
    expect(effectiveRole({ ...member, chain: chain("inherit", "edit", null), grants: [] })).toBe(
      "edit",
    );
    expect(effectiveRole({ ...member, chain: chain("inherit", "inherit"), grants: [] })).toBe(
      "comment",
    );
    expect(effectiveRole({ ...member, chain: chain(null, "admin"), grants: ["read"] })).toBe(
      "read",
    );
  });
});
