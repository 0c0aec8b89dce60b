import { Hono } from "hono";
import type { ListPage, Organization } from "../../api/types";
import { htmlResponse } from "../../http/responses";
import type { ScreenEnv } from "../../http/screen-env";
import { htmlDocument, Shell } from "../../layout/shell";
import { personOr, type SignedIn } from "../../session/session";
import { settingsPath } from "../settings-nav";
import { PendingInvites, pendingInvitesOf, type PendingInvite } from "./invites";

/**
 * The signed-in home: the invites waiting for the person's answer (`GET /v1/user/invites`), then
 * their organizations (`GET /v1/orgs`), each linking to its
 * `urls.app` (the editor's organization home, issue 37) and, for its admins, to its sign-in
 * settings. Signed out, the home sends the person to sign in and back.
 */
export const homeRoutes = new Hono<ScreenEnv>();

/** Organizations per page of the home. */
const PAGE_SIZE = 50;

function HomePage(props: {
  person: SignedIn;
  orgs: ListPage<Organization>;
  invites: PendingInvite[];
}) {
  const { orgs } = props;
  return (
    <Shell title="Your organizations" person={props.person}>
      <h1>Your organizations</h1>
      <PendingInvites invites={props.invites} csrf={props.person.csrf} />
      {orgs.items.length === 0 ? (
        <p class="a-message">
          You are not a member of any organization yet. Ask an administrator of one for an invite.
        </p>
      ) : (
        <ul class="a-list" aria-label="Organizations">
          {orgs.items.map((org) => (
            <li class="a-row">
              <div>
                <a href={org.urls.app}>
                  <strong>{org.title}</strong>
                </a>
              </div>
              <div class="a-row">
                <a href={settingsPath(org.id, "sites")}>
                  Sites<span class="a-visually-hidden"> of {org.title}</span>
                </a>
                <a href={settingsPath(org.id, "members")}>
                  Members<span class="a-visually-hidden"> of {org.title}</span>
                </a>
                {org.permissions?.admin ? (
                  <a href={`/org/${encodeURIComponent(org.id)}/settings/sign-in`}>
                    Sign-in settings<span class="a-visually-hidden"> of {org.title}</span>
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {orgs.next ? (
        <p>
          <a href={`/?page=${encodeURIComponent(orgs.next.page)}`}>More organizations</a>
        </p>
      ) : null}
    </Shell>
  );
}

homeRoutes.get("/", async (c) => {
  const person = await personOr(c);
  if (person instanceof Response) return person;
  const page = c.req.query("page");
  const [orgs, invites] = await Promise.all([
    c.var.api.get<ListPage<Organization>>("/orgs", { limit: PAGE_SIZE, ...(page ? { page } : {}) }),
    pendingInvitesOf(c),
  ]);
  return htmlResponse(
    htmlDocument(<HomePage person={person} orgs={orgs} invites={invites.items} />),
  );
});
