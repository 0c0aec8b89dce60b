import { Hono, type Context } from "hono";
import type { ListPage } from "../../../api/types";
import { htmlResponse } from "../../../http/responses";
import type { ScreenEnv } from "../../../http/screen-env";
import { doneMessage, formAction, type Render } from "../../../http/form-action";
import { orgApiPath, param, personAndOrg } from "../actions";
import type { Team, TeamMember } from "../types";
import { teamPage, teamsPage } from "./view";

/**
 * `/o/{orgId}/settings/teams[/{teamId}]`: teams, their members and roles, rename and delete,
 * each a form post calling one `/v1/orgs/{id}/teams` operation.
 */
export const teamRoutes = new Hono<ScreenEnv>();

const LIST = "/o/:org/settings/teams";
const ONE = `${LIST}/:team`;

const DONE: Readonly<Record<string, string>> = {
  created: "The team is created. Add its members below.",
  renamed: "The team is renamed.",
  deleted: "The team is deleted.",
  added: "The member is added to the team.",
  role: "The team role is changed.",
  removed: "The member is removed from the team.",
};

const renderList: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const teams = await c.var.api.get<ListPage<Team>>(`${orgApiPath(c)}/teams`, {
    limit: 50,
    page: c.req.query("page"),
  });
  return htmlResponse(
    teamsPage({ ...loaded, teams, done: doneMessage(c, DONE), ...extra }),
    status,
  );
};

/** The API path of the team of the request. */
const teamApi = (c: Context<ScreenEnv>) => `${orgApiPath(c)}/teams/${param(c, "team")}`;

const renderTeam: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const [team, members] = await Promise.all([
    c.var.api.get<Team>(teamApi(c)),
    c.var.api.get<ListPage<TeamMember>>(`${teamApi(c)}/members`, {
      limit: 100,
      page: c.req.query("page"),
    }),
  ]);
  return htmlResponse(
    teamPage({ ...loaded, team, members, done: doneMessage(c, DONE), ...extra }),
    status,
  );
};

teamRoutes.get(LIST, (c) => renderList(c, {}));
teamRoutes.get(ONE, (c) => renderTeam(c, {}));

const listPath = (c: Context<ScreenEnv>) => `/o/${param(c, "org")}/settings/teams`;
const teamPath = (c: Context<ScreenEnv>) => `${listPath(c)}/${param(c, "team")}`;

formAction<Team>(teamRoutes, LIST, {
  done: "created",
  render: renderList,
  back: (c, team) => `${listPath(c)}/${encodeURIComponent(team.id)}`,
  call: (c, f) =>
    c.var.api.put<Team>(`${orgApiPath(c)}/teams`, {
      body: { title: f.text("title").trim() },
      csrf: f.csrf,
    }),
});

formAction(teamRoutes, `${ONE}/rename`, {
  done: "renamed",
  render: renderTeam,
  back: teamPath,
  call: (c, f) =>
    c.var.api.patch(teamApi(c), { body: { title: f.text("title").trim() }, csrf: f.csrf }),
});

formAction(teamRoutes, `${ONE}/delete`, {
  done: "deleted",
  render: renderTeam,
  back: listPath,
  call: (c, f) => c.var.api.delete(teamApi(c), { csrf: f.csrf }),
});

formAction(teamRoutes, `${ONE}/members`, {
  done: "added",
  render: renderTeam,
  back: teamPath,
  call: (c, f) => {
    const user = f.text("user").trim();
    const role = f.text("role") === "owner" ? "owner" : "member";
    return c.var.api.put(`${teamApi(c)}/members`, {
      body: { add: [user], memberships: { [user]: { role } } },
      csrf: f.csrf,
    });
  },
});

formAction(teamRoutes, `${ONE}/members/:user/role`, {
  done: "role",
  render: renderTeam,
  back: teamPath,
  call: (c, f) =>
    c.var.api.put(`${teamApi(c)}/members/${param(c, "user")}`, {
      body: { role: f.text("role") === "owner" ? "owner" : "member" },
      csrf: f.csrf,
    }),
});

formAction(teamRoutes, `${ONE}/members/:user/remove`, {
  done: "removed",
  render: renderTeam,
  back: teamPath,
  call: (c, f) => c.var.api.delete(`${teamApi(c)}/members/${param(c, "user")}`, { csrf: f.csrf }),
});
