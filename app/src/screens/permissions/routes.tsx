import { Hono, type Context } from "hono";
import type {
  AggregatePermission,
  TeamPermission,
  UserPermission,
} from "../../api/permission-types";
import type { ListPage } from "../../api/types";
import { doneMessage, formAction, type Render } from "../../http/form-action";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { personOr } from "../../session/session";
import type { Member, Team } from "../admin/types";
import { permissionsPage, type PermissionsContent, type PermissionsOf } from "./view";

/**
 * Who may do what on a space (`/s/{spaceId}/~/permissions`), a collection
 * (`/o/{orgId}/c/{collectionId}/permissions`) and a site (`/o/{orgId}/sites/{siteId}/permissions`):
 * everyone's role and what gives it, the users and teams invited, invite (a member found by
 * search, or a team), change a role, remove, and (spaces and collections) the default level for
 * the organization. Each form is one `/v1` call through form-action.ts.
 */
export const permissionRoutes = new Hono<ScreenEnv>();

const DONE: Readonly<Record<string, string>> = {
  invited: "The invitation is saved: they have the role now.",
  role: "The role is changed.",
  removed: "The access is removed.",
  level: "The default level is changed.",
};

/** The two kinds of content, their screen paths and their API paths. */
const KINDS = {
  space: {
    screen: "/s/:space/~/permissions",
    api: (c: Context<ScreenEnv>) => `/spaces/${encodeURIComponent(c.req.param("space") ?? "")}`,
    path: (c: Context<ScreenEnv>) =>
      `/s/${encodeURIComponent(c.req.param("space") ?? "")}/~/permissions`,
  },
  collection: {
    screen: "/o/:org/c/:collection/permissions",
    api: (c: Context<ScreenEnv>) =>
      `/collections/${encodeURIComponent(c.req.param("collection") ?? "")}`,
    path: (c: Context<ScreenEnv>) =>
      `/o/${encodeURIComponent(c.req.param("org") ?? "")}/c/${encodeURIComponent(c.req.param("collection") ?? "")}/permissions`,
  },
  site: {
    screen: "/o/:org/sites/:site/permissions",
    api: (c: Context<ScreenEnv>) =>
      `/orgs/${encodeURIComponent(c.req.param("org") ?? "")}/sites/${encodeURIComponent(c.req.param("site") ?? "")}`,
    path: (c: Context<ScreenEnv>) =>
      `/o/${encodeURIComponent(c.req.param("org") ?? "")}/sites/${encodeURIComponent(c.req.param("site") ?? "")}/permissions`,
  },
} as const;

/** What a permissions screen reads of its content (a site has no `organization`: its path does). */
type Content = PermissionsContent & { organization?: string };

for (const [kind, at] of Object.entries(KINDS) as Array<[PermissionsOf, (typeof KINDS)["space"]]>) {
  const render: Render = async (c, extra, status = 200) => {
    const person = await personOr(c);
    if (person instanceof Response) return person;
    const api = c.var.api;
    const content = await api.get<Content>(at.api(c));
    // A collection of another organization is not found under this one.
    if (kind === "collection" && content.organization !== c.req.param("org")) return c.notFound();
    const base = `${at.api(c)}/permissions`;
    const find = (c.req.query("find") ?? "").trim().slice(0, 256);
    const org = `/orgs/${encodeURIComponent(content.organization ?? c.req.param("org") ?? "")}`;
    const admin = content.permissions?.admin === true;
    const [everyone, users, teams, found, orgTeams] = await Promise.all([
      api.get<ListPage<AggregatePermission>>(`${base}/aggregate`, {
        limit: 100,
        page: c.req.query("page"),
      }),
      api.get<ListPage<UserPermission>>(`${base}/users`, { limit: 100 }),
      api.get<ListPage<TeamPermission>>(`${base}/teams`, { limit: 100 }),
      admin && find
        ? api.get<ListPage<Member>>(`${org}/members`, { limit: 50, search: find })
        : Promise.resolve(null),
      admin ? api.get<ListPage<Team>>(`${org}/teams`, { limit: 100 }) : Promise.resolve(null),
    ]);
    const html = permissionsPage({
      kind,
      person,
      content,
      path: at.path(c),
      everyone,
      users: users.items,
      teams: teams.items,
      find,
      found: found?.items ?? null,
      orgTeams: orgTeams?.items ?? [],
      done: doneMessage(c, DONE),
      ...extra,
    });
    return htmlResponse(html, status);
  };
  permissionRoutes.get(at.screen, (c) => render(c, {}));

  formAction(permissionRoutes, `${at.screen}/invite`, {
    done: "invited",
    render,
    back: at.path,
    call: (c, f) => {
      const [type, id] = f.text("who").split(":", 2);
      const who = type === "team" ? { teams: [id ?? ""] } : { users: [id ?? ""] };
      return c.var.api.post(`${at.api(c)}/permissions`, {
        body: { ...who, role: f.text("role") },
        csrf: f.csrf,
      });
    },
  });

  for (const principal of ["users", "teams"] as const) {
    const one = `${at.screen}/${principal}/:id`;
    const apiOf = (c: Context<ScreenEnv>) =>
      `${at.api(c)}/permissions/${principal}/${encodeURIComponent(c.req.param("id") ?? "")}`;
    formAction(permissionRoutes, `${one}/role`, {
      done: "role",
      render,
      back: at.path,
      call: (c, f) => c.var.api.patch(apiOf(c), { body: { role: f.text("role") }, csrf: f.csrf }),
    });
    formAction(permissionRoutes, `${one}/remove`, {
      done: "removed",
      render,
      back: at.path,
      call: (c, f) => c.var.api.delete(apiOf(c), { csrf: f.csrf }),
    });
  }

  // A site's default level is not applied by the API (docs/compatibility.md): no form for it.
  if (kind === "site") continue;
  formAction(permissionRoutes, `${at.screen}/default`, {
    done: "level",
    render,
    back: at.path,
    call: (c, f) => {
      const level = f.text("level");
      return c.var.api.patch(at.api(c), {
        body: { defaultLevel: level === "none" ? null : level },
        csrf: f.csrf,
      });
    },
  });
}
