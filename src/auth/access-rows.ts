import { getTableName, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import {
  apiTokens,
  orgMembers,
  organizations,
  spaces,
  type OrganizationRow,
  type SpaceRow,
} from "../db/schema";
import type { MemberRole } from "../lib/roles";
import type { Database } from "../db/client";
import { CALLER_COLUMNS, callerDigest, type CallerRow } from "./caller";
import type { RoleRows } from "./role-types";
import { readRoleRows, roleRowsSql } from "./access-sql";
import { sqlText } from "../db/sql-text";
import { preparedSelect, type Params } from "../db/prepared";
import {
  columnParts,
  jsonArrayItems,
  readJsonRow,
  tableParts,
  type JsonPart,
} from "../db/json-row";
import { weakMemo } from "../../core/memory/memos";

/** The caller's columns (`CALLER_COLUMNS`), from the token `t` and the user `u`, not decoded. */
const CALLER_PARTS = columnParts(
  CALLER_COLUMNS,
  (table) => (table === getTableName(apiTokens) ? "t" : "u"),
  false,
);

/**
 * The role inputs of the space (`roleRowsSql`, the one producer): the caller's grants on it and,
 * for a space in a collection, the chain above it and the caller's grants on that chain.
 */
const JSON_PARTS: JsonPart[] = [
  {
    key: "roles",
    sql: sqlText(
      roleRowsSql(sql.raw("u.id"), {
        spaceId: sql.raw("spaces.id"),
        parentId: sql.raw("spaces.parent_id"),
      }),
    ),
  },
];

const SPACE_PARTS = tableParts(spaces, "spaces");
const ORG_PARTS = tableParts(organizations, "o");
const MEMBER_PARTS: JsonPart[] = [
  { key: "role", sql: "m.role", column: orgMembers.role },
  { key: "disabled", sql: "m.disabled", column: orgMembers.disabled },
  { key: "memberUserId", sql: "m.user_id" },
];
const GROUPS = [CALLER_PARTS, SPACE_PARTS, ORG_PARTS, MEMBER_PARTS, JSON_PARTS];
const ORG_GROUPS = [CALLER_PARTS, ORG_PARTS, MEMBER_PARTS];

/**
 * The statement's text around its two parameters (the space id, the token digest), written once
 * per isolate from the schema: building it with drizzle's query builder on every request cost
 * more CPU than the rest of a GET (`npm run bench:profile`). The row comes back as one JSON
 * array (D1 keys result rows by column name, so the space's and the organization's `id`,
 * `title`, … would otherwise overwrite each other), from a scalar subquery: null when the token
 * is unknown.
 */
const OPEN = sql.raw(`(SELECT json_array(${jsonArrayItems(GROUPS)}, `);
const HEAD = sql.raw(`) FROM api_tokens t JOIN users u ON u.id = t.user_id
  LEFT JOIN spaces ON spaces.id = `);
const MIDDLE = sql.raw(` LEFT JOIN organizations o ON o.id = spaces.organization_id
  LEFT JOIN org_members m ON m.organization_id = spaces.organization_id AND m.user_id = u.id
  WHERE t.digest = `);
const TAIL = sql.raw(" LIMIT 1)");

/** The one-row source the scalar subquery is selected from. */
const ONE_ROW = sql.raw("(SELECT 1)");

/**
 * The one statement of a space's access check (GET /v1/spaces/{id} and every route under a
 * space): the caller's token and user, the space, its organization and the caller's membership
 * (left joins: a missing space or membership leaves them null), and as a JSON column the role
 * inputs of the space (`roleRowsSql`: the caller's grants on it, the collection chain above it
 * with the caller's grants on that). One statement where there were six. `column` is a route's
 * own value about the space (SQL naming the joined table `spaces`, e.g. its published placement),
 * read back as `AccessRow.column`.
 */
export function spaceAccessQuery(c: Context<AppEnv>, spaceId: string, column?: SQL) {
  return spaceAccessStatement(column).bind(c.get("db"), {
    space: spaceId,
    digest: callerDigest(c),
  });
}

/**
 * The same statement for a credential's digest known without a request: a live room re-checks
 * the people in it (src/collab) with the digest its Worker handed it.
 */
export function spaceAccessByDigest(db: Database, spaceId: string, digest: string) {
  return NO_COLUMN.bind(db, { space: spaceId, digest });
}

/** The prepared access statement without an extra column. */
const NO_COLUMN = spaceAccessSelect(sql.raw("NULL"));

/**
 * Access statements by their extra column: a column that is a constant of the code (the
 * published placement without a share key) keeps its statement for the isolate's life; one
 * built per request is written with it and dropped with it.
 */
const WITH_COLUMN = weakMemo<SQL, ReturnType<typeof spaceAccessSelect>>("space access statements");

/** The access statement for an extra column (none: `NO_COLUMN`). */
function spaceAccessStatement(column: SQL | undefined) {
  if (!column) return NO_COLUMN;
  let statement = WITH_COLUMN.get(column);
  if (!statement) WITH_COLUMN.set(column, (statement = spaceAccessSelect(column)));
  return statement;
}

/** The space access statement around an extra column, as a prepared select. */
function spaceAccessSelect(column: SQL) {
  return preparedSelect(
    (p: Params<"space" | "digest">) => ({
      row: sql<string | null>`${OPEN}${column}${HEAD}${p("space")}${MIDDLE}${p("digest")}${TAIL}`,
    }),
    (select) => select.from(ONE_ROW),
  );
}

/** The space access row, read: the membership row, the space (null when absent), role inputs. */
export interface AccessRow extends OrgAccessRow {
  space: SpaceRow | null;
  roles: RoleRows;
  /** The value of the caller's `column` (null without one). */
  column: unknown;
}

/** Decodes the statement's row (values in `GROUPS` order, each as its column decodes it). */
export function readAccessRow(row: string): AccessRow {
  const [groups, rest] = readJsonRow(row, GROUPS);
  const [caller, space, org, member, json] = groups as [
    Record<string, unknown>,
    ...Record<string, unknown>[],
  ];
  return {
    ...membershipOf(caller, org!, member!),
    space: space!.id == null ? null : (space as unknown as SpaceRow),
    roles: readRoleRows(json!.roles),
    column: rest[0] ?? null,
  };
}

/** The caller, the organization and the membership columns of a row, typed. */
function membershipOf(
  caller: Record<string, unknown>,
  org: Record<string, unknown>,
  member: Record<string, unknown>,
): OrgAccessRow {
  return {
    caller: caller as unknown as CallerRow,
    org: org.id == null ? null : (org as unknown as OrganizationRow),
    role: (member.role as MemberRole | null) ?? null,
    disabled: (member.disabled as boolean | null) ?? null,
    memberUserId: (member.memberUserId as string | null) ?? null,
  };
}

/** The organization access statement's row: the caller, the organization, the membership. */
export interface OrgAccessRow {
  caller: CallerRow;
  org: OrganizationRow | null;
  role: MemberRole | null;
  disabled: boolean | null;
  memberUserId: string | null;
}

/** `ORG_GROUPS` as a JSON row, around the organization id and the token digest. */
const ORG_HEAD = sql.raw(`(SELECT json_array(${jsonArrayItems(ORG_GROUPS)})
  FROM api_tokens t JOIN users u ON u.id = t.user_id
  LEFT JOIN organizations o ON o.id = `);
const ORG_MIDDLE =
  sql.raw(` LEFT JOIN org_members m ON m.organization_id = o.id AND m.user_id = u.id
  WHERE t.digest = `);

/**
 * The one statement of an organization's access check (every route under an organization):
 * the caller's token and user, the organization and the caller's membership, as one JSON row
 * (null when the token is unknown). It replaces two statements built with drizzle's query
 * builder on every request, as `spaceAccessQuery` does for spaces.
 */
export function orgAccessQuery(c: Context<AppEnv>, organizationId: string | SQL) {
  if (typeof organizationId === "string") {
    return ORG_ACCESS.bind(c.get("db"), { org: organizationId, digest: callerDigest(c) });
  }
  return c
    .get("db")
    .select({ row: orgAccessRowSql(organizationId, callerDigest(c)).as("row") })
    .from(ONE_ROW);
}

/** The organization access row's SQL around its two values. */
function orgAccessRowSql(organizationId: SQL | string, digest: SQL | string) {
  return sql<string | null>`${ORG_HEAD}${organizationId}${ORG_MIDDLE}${digest}${TAIL}`;
}

/** `orgAccessQuery` by an organization id, its text written once per isolate. */
const ORG_ACCESS = preparedSelect(
  (p: Params<"org" | "digest">) => ({
    row: orgAccessRowSql(sql`${p("org")}`, sql`${p("digest")}`),
  }),
  (select) => select.from(ONE_ROW),
);

/** Decodes the organization access row. */
export function readOrgAccessRow(row: string): OrgAccessRow {
  const [[caller, org, member]] = readJsonRow(row, ORG_GROUPS);
  return membershipOf(caller!, org!, member!);
}
