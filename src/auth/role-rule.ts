import { MEMBER_ROLES, maxRole, roleRank, type DefaultLevel, type MemberRole } from "../lib/roles";
import type { RoleInputs } from "./role-types";

// The effective role on content (docs/architecture.md, "A space's effective role"), written once.
// `effectiveRole` runs it over loaded rows; the SQL of access-sql.ts is worked out from it
// (`SEES`: which levels and grant ranks give each kind of caller a role), so the two forms
// cannot disagree. Pure: no database, no request (below access-sql.ts and content-role.ts).

/** Who the caller is in the organization, as the rule tells callers apart. */
export type CallerKind = "admin" | "member" | "guest";

/** Every kind, in the order the SQL forms list them. */
export const CALLER_KINDS: readonly CallerKind[] = ["admin", "member", "guest"];

/** The caller's standing the rule reads: the organization role (null: a guest). */
export interface Standing {
  orgRole: MemberRole | null;
  isGuest: boolean;
}

/** The caller's kind: an organization admin, another member, or a guest (no role). */
export function kindOf({ orgRole, isGuest }: Standing): CallerKind {
  if (isGuest || orgRole === null) return "guest";
  return orgRole === "admin" ? "admin" : "member";
}

/** The level a resource passes down: its own, unless it inherits what its parent passes. */
function levelBelow(own: DefaultLevel, inherited: DefaultLevel): DefaultLevel {
  return own === "inherit" ? inherited : own;
}

/**
 * The rule over resolved inputs: `level` is the first level set up the chain ("inherit" when
 * none is: the organization role), `rank` the rank of the caller's best grant on the chain (-1:
 * none). An organization admin is admin; otherwise the higher of the default path (members only:
 * guests get nothing from it) and the best grant. Null: the resource is invisible (404).
 */
export function roleOf(standing: Standing, level: DefaultLevel, rank: number): MemberRole | null {
  const kind = kindOf(standing);
  if (kind === "admin") return "admin";
  const fromDefault = kind === "guest" ? null : level === "inherit" ? standing.orgRole : level;
  return maxRole(fromDefault, MEMBER_ROLES[rank] ?? null);
}

/** The level a chain (from a resource up to the top) passes down: `levelBelow` from the top. */
export function chainLevel(chain: RoleInputs["chain"]): DefaultLevel {
  return chain.reduceRight<DefaultLevel>(
    (inherited, link) => levelBelow(link.defaultLevel, inherited),
    "inherit",
  );
}

/** The rank of the best of `grants` (-1: none), as the SQL forms compare ranks. */
export function bestRank(grants: readonly MemberRole[]): number {
  return Math.max(-1, ...grants.map((g) => roleRank(g)));
}

/**
 * The effective role from loaded rows (`chain` from the resource up to the top, the caller's
 * grants on it): `roleOf` over the chain's level and the best grant.
 */
export function effectiveRole({ orgRole, isGuest, chain, grants }: RoleInputs): MemberRole | null {
  return roleOf({ orgRole, isGuest }, chainLevel(chain), bestRank(grants));
}

/** Every value a default level column holds. */
export const DEFAULT_LEVELS: readonly DefaultLevel[] = ["inherit", null, ...MEMBER_ROLES];

/** Every grant rank: -1 (no grant) and each role's. */
const RANKS: readonly number[] = [-1, ...MEMBER_ROLES.map((_, i) => i)];

/** Representative standings of each kind: every organization role of that kind. */
const STANDINGS: Record<CallerKind, Standing[]> = {
  admin: [{ orgRole: "admin", isGuest: false }],
  member: MEMBER_ROLES.filter((r) => r !== "admin").map((r) => ({ orgRole: r, isGuest: false })),
  guest: [{ orgRole: null, isGuest: true }],
};

/** When a kind of caller has a role: levels that give one by themselves, ranks likewise. */
export interface SeesCases {
  levels: readonly DefaultLevel[];
  ranks: readonly number[];
}

/**
 * `roleOf`'s visibility as cases the SQL writes (`hasRoleSql`): a caller of the kind has a role
 * exactly when the level is one of `levels` or the rank one of `ranks`. Worked out over every
 * level, rank and organization role of the kind; throws if the rule ever stops having that form
 * (then the SQL would need the organization role or another shape, and must change with it).
 */
function seesCases(kind: CallerKind): SeesCases {
  const sees = (level: DefaultLevel, rank: number) =>
    STANDINGS[kind].map((s) => roleOf(s, level, rank) !== null);
  const all = (values: boolean[]) => values.every(Boolean);
  const levels = DEFAULT_LEVELS.filter((level) => all(sees(level, -1)));
  const ranks = RANKS.filter((rank) => DEFAULT_LEVELS.every((level) => all(sees(level, rank))));
  for (const level of DEFAULT_LEVELS) {
    for (const rank of RANKS) {
      const expected = levels.includes(level) || ranks.includes(rank);
      if (sees(level, rank).some((v) => v !== expected)) {
        throw new Error(`role-rule: visibility of ${kind} at (${level}, ${rank}) has no SQL case`);
      }
    }
  }
  return { levels, ranks };
}

/** The cases of every kind, worked out once from `roleOf`. */
export const SEES: Record<CallerKind, SeesCases> = {
  admin: seesCases("admin"),
  member: seesCases("member"),
  guest: seesCases("guest"),
};
