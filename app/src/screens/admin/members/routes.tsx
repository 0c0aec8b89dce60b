import { Hono, type Context } from "hono";
import type { ListPage } from "../../../api/types";
import { htmlResponse } from "../../../http/responses";
import type { ScreenEnv } from "../../../http/screen-env";
import { doneMessage, formAction, type Render } from "../../../http/form-action";
import { orgApiPath, param, personAndOrg } from "../actions";
import type { EmailInvite, Member } from "../types";
import { membersPage } from "./view";
import { switchMemberPage, type Switch } from "./disable-view";
import { inviteBody, memberRoleOf } from "../../invite/member-role";

/**
 * `/o/{orgId}/settings/members`: the organization's members, their roles, disabling and enabling
 * (after a confirmation screen), removal, e-mail invites and the pending ones' revocation, each a
 * form post calling one `/v1` operation (the API refuses a non-admin anyway).
 */
export const memberRoutes = new Hono<ScreenEnv>();

const PATH = "/o/:org/settings/members";

/** Members per page. */
const PAGE_SIZE = 50;

const DONE: Readonly<Record<string, string>> = {
  role: "The role is changed.",
  removed: "The member is removed from the organization.",
  disabled: "The member is disabled: they are signed out and reach nothing here until enabled.",
  enabled: "The member is enabled again.",
  invited: "The invites are sent.",
  "invite-revoked": "The invite is revoked: its link no longer works.",
};

const render: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const search = (c.req.query("search") ?? "").trim().slice(0, 256);
  const admin = loaded.org.permissions?.admin === true;
  const [members, invites] = await Promise.all([
    c.var.api.get<ListPage<Member>>(`${orgApiPath(c)}/members`, {
      limit: PAGE_SIZE,
      page: c.req.query("page"),
      sort: "name",
      order: "asc",
      ...(search ? { search } : {}),
    }),
    admin
      ? c.var.api.get<ListPage<EmailInvite>>(`${orgApiPath(c)}/email-invites`, {
          limit: PAGE_SIZE,
          page: c.req.query("invites"),
        })
      : null,
  ]);
  return htmlResponse(
    membersPage({ ...loaded, members, invites, search, done: doneMessage(c, DONE), ...extra }),
    status,
  );
};

memberRoutes.get(PATH, (c) => render(c, {}));

const back = (c: Context<ScreenEnv>) => `/o/${param(c, "org")}/settings/members`;

formAction(memberRoutes, `${PATH}/:user/role`, {
  done: "role",
  render,
  back,
  call: (c, f) =>
    c.var.api.patch(`${orgApiPath(c)}/members/${param(c, "user")}`, {
      body: { role: memberRoleOf(f) },
      csrf: f.csrf,
    }),
});

formAction(memberRoutes, `${PATH}/:user/remove`, {
  done: "removed",
  render,
  back,
  call: (c, f) =>
    c.var.api.delete(`${orgApiPath(c)}/members/${param(c, "user")}`, { csrf: f.csrf }),
});

formAction(memberRoutes, `${PATH}/invite`, {
  done: "invited",
  render,
  back,
  call: (c, f) =>
    c.var.api.post(`${orgApiPath(c)}/invites`, {
      body: inviteBody(f),
      csrf: f.csrf,
    }),
});

formAction(memberRoutes, `${PATH}/invites/:invite/revoke`, {
  done: "invite-revoked",
  render,
  back,
  call: (c, f) =>
    c.var.api.delete(`${orgApiPath(c)}/email-invites/${param(c, "invite")}`, { csrf: f.csrf }),
});

for (const to of ["disable", "enable"] as const satisfies readonly Switch[]) {
  // The confirmation: a GET changes nothing; a non-admin gets the not-found page.
  memberRoutes.get(`${PATH}/:user/${to}`, async (c) => {
    const loaded = await personAndOrg(c);
    if (loaded instanceof Response) return loaded;
    if (loaded.org.permissions?.admin !== true) return c.notFound();
    const member = await c.var.api.get<Member>(`${orgApiPath(c)}/members/${param(c, "user")}`);
    return htmlResponse(switchMemberPage({ ...loaded, member, to }));
  });
  formAction(memberRoutes, `${PATH}/:user/${to}`, {
    done: `${to}d`,
    render,
    back,
    call: (c, f) =>
      c.var.api.patch(`${orgApiPath(c)}/members/${param(c, "user")}`, {
        body: { disabled: to === "disable" },
        csrf: f.csrf,
      }),
  });
}
