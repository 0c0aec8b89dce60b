import { and, eq } from "drizzle-orm";
import { orgMembers, spaces as spaceRows } from "../../src/db/schema";
import { MEMBER_ROLES, maxRole, type DefaultLevel, type MemberRole } from "../../src/lib/roles";
import { makeMember, makeOrg, testDb, type TestUser } from "./factories";
import { grant, makeBareTeam, makeCollection } from "./collections-factories";
import { grantSpace, makeSpace, setDeletedAt } from "./spaces-factories";

/**
 * Generated organizations for the access rule's equivalence tests: members of every role,
 * guests, disabled members, teams, a collection tree mixing inherited, closed and set default
 * levels, spaces under it with their own levels, and user and team grants scattered over both.
 * Each world also carries the rule written out plainly (`modelRole`, the docs' four steps), so
 * every surface is checked against a form that shares no code with the server.
 */

/** A seeded generator (mulberry32): the same seed makes the same world. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

/** A caller of the world: a member (role), a guest (null role), possibly disabled. */
export interface WorldCaller extends TestUser {
  name: string;
  role: MemberRole | null;
  disabled: boolean;
}

/** A collection or space of the world, with what the rule reads of it. */
interface WorldNode {
  id: string;
  parentId: string | null;
  level: DefaultLevel;
}

/** A grant of the world: on a collection or a space, to a user or a team. */
interface WorldGrant {
  on: string;
  user?: string;
  team?: string;
  role: MemberRole;
}

/** One generated organization. */
export interface RoleWorld {
  org: { id: string };
  owner: TestUser;
  callers: WorldCaller[];
  collections: WorldNode[];
  spaces: (WorldNode & { organizationId: string; deleted: boolean })[];
  teams: Map<string, Set<string>>;
  grants: WorldGrant[];
}

const COLLECTION_LEVELS: DefaultLevel[] = [
  "inherit",
  "inherit",
  "inherit",
  null,
  null,
  "read",
  "comment",
  "edit",
  "admin",
];
const SPACE_LEVELS: DefaultLevel[] = [
  "inherit",
  "inherit",
  "inherit",
  null,
  null,
  "read",
  "edit",
  "review",
];

/** Builds the world of `seed`. */
export async function makeRoleWorld(seed: number): Promise<RoleWorld> {
  const r = random(seed);
  const db = testDb();
  const { org, owner } = await makeOrg();
  const callers: WorldCaller[] = [{ ...owner, name: "owner", role: "admin", disabled: false }];
  const add = async (name: string, role: MemberRole | null, disabled = false) => {
    const user = await makeMember(org.id, role);
    if (disabled) {
      await db
        .update(orgMembers)
        .set({ disabled: true })
        .where(and(eq(orgMembers.organizationId, org.id), eq(orgMembers.userId, user.user.id)));
    }
    callers.push({ ...user, name, role, disabled });
  };
  for (const role of MEMBER_ROLES.filter((x) => x !== "admin")) await add(role, role);
  await add("guest-1", null);
  await add("guest-2", null);
  await add("disabled-editor", "edit", true);
  await add("disabled-guest", null, true);

  const teams = new Map<string, Set<string>>();
  for (let t = 0; t < 2; t++) {
    const inTeam = callers.filter((c) => c !== callers[0] && r.chance(0.5)).map((c) => c.user.id);
    teams.set(await makeBareTeam(org.id, inTeam), new Set(inTeam));
  }

  const collectionNodes: WorldNode[] = [];
  for (let i = 0, n = 4 + (seed % 3); i < n; i++) {
    const parentId = collectionNodes.length && r.chance(0.6) ? r.pick(collectionNodes).id : null;
    const level = r.pick(COLLECTION_LEVELS);
    const row = await makeCollection(org.id, { parent: parentId, defaultLevel: level });
    collectionNodes.push({ id: row.id, parentId, level });
  }
  const spaceNodes: RoleWorld["spaces"] = [];
  for (let i = 0, n = 7 + (seed % 4); i < n; i++) {
    const parentId = r.chance(0.75) ? r.pick(collectionNodes).id : null;
    const level = r.pick(SPACE_LEVELS);
    const row = await makeSpace(org.id, owner, { parent: parentId });
    // `createSpace` stores a null level as "inherit": the level is set on the row.
    await db.update(spaceRows).set({ defaultLevel: level }).where(eq(spaceRows.id, row.id));
    spaceNodes.push({ id: row.id, organizationId: org.id, parentId, level, deleted: false });
  }
  const deleted = r.pick(spaceNodes);
  await setDeletedAt(deleted.id, new Date().toISOString());
  deleted.deleted = true;

  const grants: WorldGrant[] = [];
  const principals = [
    ...callers.slice(1).map((c) => ({ user: c.user.id })),
    ...[...teams.keys()].map((team) => ({ team })),
  ];
  for (const node of [...collectionNodes, ...spaceNodes]) {
    for (let g = 0; g < 2 && r.chance(0.45); g++) {
      const principal = r.pick(principals);
      const role = r.pick(MEMBER_ROLES);
      if (collectionNodes.includes(node)) await grant(node.id, principal, role);
      else await grantSpace(node.id, principal, role);
      grants.push({ on: node.id, ...principal, role });
    }
  }
  return {
    org,
    owner,
    callers,
    collections: collectionNodes,
    spaces: spaceNodes,
    teams,
    grants,
  };
}

/** The docs' rule ("Effective role on content"), written out: null is invisible (404). */
export function modelRole(world: RoleWorld, caller: WorldCaller, id: string): MemberRole | null {
  if (caller.disabled) return null;
  const space = world.spaces.find((s) => s.id === id);
  if (space?.deleted) return null;
  if (caller.role === "admin") return "admin";
  const byId = new Map(world.collections.map((c) => [c.id, c]));
  const chain: WorldNode[] = [];
  for (let at = space ?? byId.get(id); at; at = at.parentId ? byId.get(at.parentId) : undefined) {
    chain.push(at);
  }
  let role: MemberRole | null = null;
  if (caller.role !== null) {
    const set = chain.find((node) => node.level !== "inherit");
    role = set ? (set.level as MemberRole | null) : caller.role;
  }
  const onChain = new Set(chain.map((node) => node.id));
  for (const g of world.grants) {
    if (!onChain.has(g.on)) continue;
    const mine =
      g.user === caller.user.id || (g.team && world.teams.get(g.team)?.has(caller.user.id));
    if (mine) role = maxRole(role, g.role);
  }
  return role;
}
