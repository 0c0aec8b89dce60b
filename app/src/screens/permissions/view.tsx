import type {
  AggregatePermission,
  PermissionSource,
  TeamPermission,
  UserPermission,
} from "../../api/permission-types";
import type { ListPage } from "../../api/types";
import { AppForm, ErrorSummary, Field, Notice, Select, Submit } from "../../layout/forms";
import { htmlDocument, Shell } from "../../layout/shell";
import type { SignedIn } from "../../session/session";
import type { Member, Team } from "../admin/types";
import { ButtonForm, NextPage } from "../admin/parts";

/**
 * The permissions screen of a space, a collection or a site: everyone's role and what gives it;
 * for those who may manage it (`permissions.admin`), the invited users and teams with forms to
 * change or remove, the invite form (a member found by search, or a team) and, for spaces and
 * collections, the default level. Readers see the lists without a form; the API refuses their
 * posts anyway.
 */

/** Which content the screen is about. */
export type PermissionsOf = "space" | "collection" | "site";

/** What the screen shows of the content: its title, its screen and the caller's permissions. */
export interface PermissionsContent {
  title: string;
  urls: { app: string };
  permissions?: Record<string, boolean>;
  defaultLevel?: string | null;
}

/** What the permissions screen shows. */
export interface PermissionsView {
  kind: PermissionsOf;
  person: SignedIn;
  content: PermissionsContent;
  path: string;
  everyone: ListPage<AggregatePermission>;
  users: UserPermission[];
  teams: TeamPermission[];
  find: string;
  found: Member[] | null;
  orgTeams: Team[];
  done?: string | null;
  error?: string | null;
}

const ROLES = [
  ["read", "read"],
  ["comment", "comment"],
  ["edit", "edit"],
  ["review", "review"],
  ["create", "create"],
  ["admin", "admin"],
] as const;

const LEVELS = [
  ["inherit", "inherit (the organization role, or the collection's)"],
  ["none", "no access by default"],
  ...ROLES,
] as const;

const THROUGH: Record<PermissionSource, string> = {
  organization: "organization role",
  default: "default level",
  direct: "invited",
  team: "through a team",
  collection: "from a collection above",
};

/** What gives an aggregate item its role, in words. */
function sourceOf(item: AggregatePermission): string {
  if (item.through) return THROUGH[item.through];
  const origin = item.origin;
  if (origin?.type !== "site") return THROUGH.organization;
  return origin.reason === "team" ? THROUGH.team : THROUGH.direct;
}

function RoleRow(props: {
  name: string;
  detail: string;
  role: string;
  action: string | null;
  csrf: string;
  id: string;
}) {
  return (
    <li class="a-row">
      <div>
        <strong>{props.name}</strong>
        <p class="a-meta">
          {props.detail} · {props.role}
        </p>
      </div>
      {props.action ? (
        <div class="a-row">
          <AppForm action={`${props.action}/role`} csrf={props.csrf} class="a-inline-form">
            <Select
              id={`role-${props.id}`}
              name="role"
              label={`Role of ${props.name}`}
              options={ROLES}
              selected={props.role}
            />
            <Submit label="Change" kind="secondary" />
          </AppForm>
          <ButtonForm
            action={`${props.action}/remove`}
            csrf={props.csrf}
            label="Remove"
            target={props.name}
            kind="danger"
          />
        </div>
      ) : null}
    </li>
  );
}

/** The permissions screen's HTML document. */
export function permissionsPage(view: PermissionsView): string {
  const { content, person, path } = view;
  const admin = content.permissions?.admin === true;
  const csrf = person.csrf;
  const nameOf = (u: { displayName: string; email?: string; id: string }) =>
    u.displayName || u.email || u.id;
  const choices = [
    ...(view.found ?? []).map(
      (m) => [`user:${m.user.id}`, `${nameOf(m.user)} (${m.user.email ?? ""})`] as const,
    ),
    ...view.orgTeams.map((t) => [`team:${t.id}`, `Team ${t.title}`] as const),
  ];
  const level = content.defaultLevel === null ? "none" : (content.defaultLevel ?? "inherit");
  return htmlDocument(
    <Shell title={`Permissions · ${content.title}`} person={person} styles={["css/admin.css"]}>
      <p class="a-crumb">
        <a href={content.urls.app}>{content.title}</a>
      </p>
      <div class="a-admin-body">
        <h1>Permissions of {content.title}</h1>
        {view.done ? (
          <Notice>
            <p>{view.done}</p>
          </Notice>
        ) : null}
        <ErrorSummary error={view.error} />
        <section class="a-section" aria-labelledby="everyone-title">
          <h2 id="everyone-title">Who has access</h2>
          <p>{view.everyone.count === 1 ? "1 person" : `${view.everyone.count} people`}</p>
          <ul class="a-list" aria-label="Who has access">
            {view.everyone.items.map((item) => (
              <li class="a-row">
                <strong>{nameOf(item.user)}</strong>
                <span class="a-meta">
                  {item.permission} · {sourceOf(item)}
                </span>
              </li>
            ))}
          </ul>
          <NextPage path={path} next={view.everyone.next} label="More people" />
        </section>
        <section class="a-section" aria-labelledby="invited-title">
          <h2 id="invited-title">Invited</h2>
          {view.users.length + view.teams.length === 0 ? <p>No one is invited yet.</p> : null}
          <ul class="a-list" aria-label="Invited people and teams">
            {view.users.map((u) => (
              <RoleRow
                name={nameOf(u.user)}
                detail={u.user.email ?? "person"}
                role={u.permission}
                action={admin ? `${path}/users/${encodeURIComponent(u.user.id)}` : null}
                csrf={csrf}
                id={`u-${u.user.id}`}
              />
            ))}
            {view.teams.map((t) => (
              <RoleRow
                name={t.team.title}
                detail={`team of ${t.team.members}`}
                role={t.permission}
                action={admin ? `${path}/teams/${encodeURIComponent(t.team.id)}` : null}
                csrf={csrf}
                id={`t-${t.team.id}`}
              />
            ))}
          </ul>
        </section>
        {admin ? (
          <section class="a-section" aria-labelledby="invite-title">
            <h2 id="invite-title">Invite</h2>
            <form method="get" action={path} class="a-form" aria-label="Find a member">
              <Field
                name="find"
                id="perm-find"
                label="Find a member"
                hint="Part of a name or an e-mail address."
                value={view.find}
                maxlength={256}
              />
              <div>
                <Submit label="Find" kind="secondary" />
              </div>
            </form>
            {view.found !== null && view.found.length === 0 ? (
              <p>No member matches “{view.find}”.</p>
            ) : null}
            {choices.length > 0 ? (
              <AppForm action={`${path}/invite`} csrf={csrf} label="Invite">
                <Select id="perm-who" name="who" label="Member or team" options={choices} />
                <Select id="perm-role" name="role" label="Role" options={ROLES} selected="read" />
                <div>
                  <Submit label="Invite" />
                </div>
              </AppForm>
            ) : null}
          </section>
        ) : null}
        {admin && view.kind !== "site" ? (
          <section class="a-section" aria-labelledby="default-title">
            <h2 id="default-title">Default level</h2>
            <AppForm action={`${path}/default`} csrf={csrf} label="Default level">
              <Select
                id="perm-level"
                name="level"
                label={`The role every member of the organization has on this ${view.kind}`}
                options={LEVELS}
                selected={level}
              />
              <div>
                <Submit label="Save default level" kind="secondary" />
              </div>
            </AppForm>
          </section>
        ) : null}
      </div>
    </Shell>,
  );
}
