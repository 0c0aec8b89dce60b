import type { CollectionRow } from "../db/schema";
import type { DefaultLevel, MemberRole } from "../lib/roles";

// The types the effective role is computed from, below every module that loads or computes it
// (access-sql.ts produces them, role-rule.ts and content-role.ts compute with them): no import
// loop through them.

/** One explicit grant to the caller (or one of their teams) on a collection or a space. */
export interface CallerGrant {
  resourceId: string;
  role: MemberRole;
}

/** What the effective role is computed from; `chain` runs from the resource up to the top. */
export interface RoleInputs {
  orgRole: MemberRole | null;
  isGuest: boolean;
  chain: readonly { defaultLevel: DefaultLevel }[];
  grants: readonly MemberRole[];
}

/** Loaded collections (a chain of `roleRowsSql`) and the caller's grants on them. */
export interface CollectionTree {
  rows: CollectionRow[];
  grants: CallerGrant[];
}

/**
 * The role inputs `roleRowsSql` produces (`readRoleRows`): collection chains and the caller's
 * grants on them, and the caller's grants on spaces.
 */
export interface RoleRows {
  tree: CollectionTree;
  spaceGrants: CallerGrant[];
}
