import { describe, expect, it } from "vitest";
import { MEMBER_ROLES, roleRank, type MemberRole } from "../../src/lib/roles";
import type { Scope } from "../../src/lib/scopes";
import { call, type ApiResponse, type CallOptions } from "./api";
import { makeOrgWithRoles, makeOrgsWithRoles, makeTokens, type OrgWithRoles } from "./factories";
import { makeSessions, type TestSession } from "./sessions";
import { foreignPreviewToken, foreignSiteToken, forgedSiteTokens } from "./site-tokens";

/** The organization, its members by role, a guest and an outsider (see `authorizationMatrix`). */
export type World = OrgWithRoles;

/** A world and the matrix's extra data on top of it. */
interface Prepared<S> {
  world: World;
  state: S;
}

/** Methods that change nothing on the server: their successful cases can share a world. */
const READ_METHODS = new Set(["GET", "HEAD"]);

/** One request under test. */
export interface MatrixRequest extends Omit<CallOptions, "token"> {
  method: string;
  path: string;
}

/** How a route should answer each kind of caller. */
export interface MatrixSpec<S> {
  /** Extra data on top of the world (a team, a collection...). Runs once per world. */
  setup?: (world: World) => Promise<S>;
  /** The request under test. */
  request: (world: World, state: S) => MatrixRequest;
  /**
   * The same request against an id that never existed; an outsider's answer must be
   * byte-identical to it (status and body), so no response reveals that an id exists.
   */
  missing: (world: World, state: S) => MatrixRequest;
  /** Lowest organization role that succeeds ("guest": guests too); lower roles get 403. */
  minimumRole: MemberRole | "guest";
  /** Roles that see the resource but are refused are 403; `hiddenBelow` makes them 404 instead. */
  hiddenBelow?: boolean;
  /** OAuth scope the operation needs; a token scoped without it gets 403. */
  scope?: Scope;
  /** Status of a successful call. */
  success: number;
  /**
   * The successful request answers the same when sent again on the world it changed (a PUT or
   * PATCH of fixed values, a POST adding one more of something): its successful cases then share
   * one world of their own, set up once, instead of one each. Never for a request that changes
   * who may do what (grants, roles, memberships) or removes what it names.
   */
  repeatable?: boolean;
}

/**
 * Generates the security tests every route must pass: missing, malformed, unknown, expired and
 * revoked tokens (401), forged site API tokens (401), another published site's API token, a
 * member's preview token of another site's change request and an outsider (404, identical to a
 * nonexistent id), each role below the
 * minimum (403), the minimum role (success), and a token scoped without the needed scope (403).
 * A case that succeeds with a write gets a fresh world (its `repeatable` cases one together); the
 * others share one per matrix. The
 * session caller (a person's cookie) gets one case of its own (see the last `it`).
 */
export function authorizationMatrix<S = undefined>(name: string, spec: MatrixSpec<S>): void {
  const minimum = spec.minimumRole;
  const callers: { who: string; role: MemberRole | null; allowed: boolean }[] = [
    { who: "guest", role: null },
    ...MEMBER_ROLES.map((role) => ({ who: role, role })),
  ].map((c) => ({
    ...c,
    allowed: minimum === "guest" || (c.role !== null && roleRank(c.role) >= roleRank(minimum)),
  }));
  const prepare = async (world: World): Promise<Prepared<S>> => {
    const state = spec.setup ? await spec.setup(world) : (undefined as S);
    return { world, state };
  };
  // A refused request changes nothing, nor does a read: the cases that expect a refusal, and
  // every case of a read, share one world (built by the first case that runs). A case whose
  // request succeeds and may write gets a world of its own, so no case sees another's write:
  // the first of them makes all of theirs in one round trip, each set up when its case runs
  // (a `repeatable` request's successful cases share one instead, never the refusals' world).
  let sharedWorld: Promise<Prepared<S>> | undefined;
  let writtenWorld: Promise<Prepared<S>> | undefined;
  let freshWorlds: Promise<World[]> | undefined;
  const unchanged = () => (sharedWorld ??= makeOrgWithRoles().then(prepare));
  const forSuccess = async () => {
    const shared = await unchanged();
    if (READ_METHODS.has(spec.request(shared.world, shared.state).method)) return shared;
    if (spec.repeatable) return (writtenWorld ??= makeOrgWithRoles().then(prepare));
    const writes = callers.filter((c) => c.allowed).length + (spec.scope ? 1 : 0);
    const pool = await (freshWorlds ??= makeOrgsWithRoles(writes));
    return prepare(pool.pop() ?? (await makeOrgWithRoles()));
  };
  const send = (req: MatrixRequest, token: string | null, headers?: Record<string, string>) => {
    const { method, path, ...rest } = req;
    return call(method, path, {
      ...rest,
      token,
      headers: { ...(rest.headers ?? {}), ...(headers ?? {}) },
    });
  };
  const expectStatus = (res: ApiResponse, status: number, who: string) => {
    expect(res.status, `${name} as ${who}: ${res.text.slice(0, 300)}`).toBe(status);
  };

  describe(`${name}: authorization`, () => {
    it("answers 401 without a token, with a malformed header, or with an unknown token", async () => {
      const { world, state } = await unchanged();
      const req = spec.request(world, state);
      expectStatus(await send(req, null), 401, "no token");
      expectStatus(await send(req, null, { Authorization: "Basic abc" }), 401, "basic auth");
      expectStatus(await send(req, "garbage"), 401, "garbage token");
      expectStatus(await send(req, `quire_${"A".repeat(43)}`), 401, "unknown token");
    });

    it("answers 401 for an expired or revoked token", async () => {
      const { world, state } = await unchanged();
      const req = spec.request(world, state);
      const userId = world.owner.user.id;
      const [expired, revoked] = (await makeTokens([
        { userId, expiresAt: new Date(Date.now() - 1000).toISOString() },
        { userId, revoked: true },
      ])) as [string, string];
      expectStatus(await send(req, expired), 401, "expired token");
      expectStatus(await send(req, revoked), 401, "revoked token");
    });

    it("answers 401 to a forged site API token (wrong key, alg none)", async () => {
      const { world, state } = await unchanged();
      const req = spec.request(world, state);
      for (const token of await forgedSiteTokens()) {
        expectStatus(await send(req, token), 401, "forged site token");
      }
    });

    it("answers another adaptive site's visitor token, claims and all, as a nonexistent id", async () => {
      const { world, state } = await unchanged();
      const token = await foreignSiteToken();
      const asReader = await send(spec.request(world, state), token);
      const missing = await send(spec.missing(world, state), token);
      expect(asReader.status, `${name} as a site token: ${asReader.text}`).toBe(404);
      expect(asReader.text).toBe(missing.text);
    });

    it("answers another site's preview token exactly as it answers a nonexistent id", async () => {
      const { world, state } = await unchanged();
      const token = await foreignPreviewToken();
      const asPreview = await send(spec.request(world, state), token);
      const missing = await send(spec.missing(world, state), token);
      expect(asPreview.status, `${name} as a preview token: ${asPreview.text}`).toBe(404);
      expect(asPreview.text).toBe(missing.text);
    });

    it("answers an outsider exactly as it answers a nonexistent id", async () => {
      const { world, state } = await unchanged();
      const asOutsider = await send(spec.request(world, state), world.outsider.token);
      const missing = await send(spec.missing(world, state), world.outsider.token);
      expect(asOutsider.status).toBe(404);
      expect(asOutsider.status).toBe(missing.status);
      expect(asOutsider.text).toBe(missing.text);
    });

    for (const { who, role, allowed } of callers) {
      const refused = spec.hiddenBelow ? 404 : 403;
      it(`${allowed ? "lets" : "refuses"} a ${who} (${allowed ? spec.success : refused})`, async () => {
        const { world, state } = await (allowed ? forSuccess() : unchanged());
        const token = role === null ? world.guest.token : world.roles[role].token;
        expectStatus(
          await send(spec.request(world, state), token),
          allowed ? spec.success : refused,
          who,
        );
      });
    }

    if (spec.scope) {
      const scope = spec.scope;
      it(`answers 403 to a token scoped without ${scope}`, async () => {
        const { world, state } = await forSuccess();
        const other: Scope = scope === "user:read" ? "site:read" : "user:read";
        const userId = world.owner.user.id;
        const [token, withScope] = (await makeTokens([
          { userId, scopes: [other] },
          { userId, scopes: [scope] },
        ])) as [string, string];
        expectStatus(await send(spec.request(world, state), token), 403, "scoped token");
        expectStatus(
          await send(spec.request(world, state), withScope),
          spec.success,
          "token with scope",
        );
      });
    }

    // Last, so its one successful request may write to the shared world: no case after it reads
    // that world (the cases before only refused or read). One `it` for the whole caller kind.
    it("answers a session (cookie, CSRF header, Origin) as the same person's token", async () => {
      const { world, state } = await unchanged();
      const person = minimum === "guest" ? world.guest : world.roles[minimum];
      const [session, revoked, outsider] = (await makeSessions([
        { userId: person.user.id },
        { userId: person.user.id, revoked: true },
        { userId: world.outsider.user.id },
      ])) as [TestSession, TestSession, TestSession];
      const req = spec.request(world, state);
      const asOutsider = await send(req, null, outsider.headers);
      const missing = await send(spec.missing(world, state), null, outsider.headers);
      expect(asOutsider.status, `${name} as an outsider's session`).toBe(404);
      expect(asOutsider.text).toBe(missing.text);
      expectStatus(await send(req, null, revoked.headers), 401, "revoked session");
      if (!READ_METHODS.has(req.method)) {
        const { "X-Quire-CSRF": _, ...noProof } = session.headers;
        expectStatus(await send(req, null, noProof), 403, "session without the CSRF header");
      }
      expectStatus(await send(req, null, session.headers), spec.success, `${minimum}'s session`);
    });
  });
}
