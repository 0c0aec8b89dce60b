import type { ListPage, Organization } from "../../../api/types";
import { AppForm, Field, Select, Submit } from "../../../layout/forms";
import type { SignedIn } from "../../../session/session";
import { adminPage } from "../frame";
import { ButtonForm, NextPage } from "../parts";
import type { Team, TeamMember } from "../types";

/**
 * The teams screens: `/o/{orgId}/settings/teams` (the organization's teams, a new one) and
 * `/o/{orgId}/settings/teams/{teamId}` (its members and their team role, adding one by e-mail,
 * renaming, deleting). A team's `permissions.admin` (an organization admin, or an owner of the
 * team) decides whether its forms are shown; the API decides anyway.
 */

/** What the team list shows. */
export interface TeamsView {
  person: SignedIn;
  org: Organization;
  teams: ListPage<Team>;
  done?: string | null;
  error?: string | null;
}

/** The team list screen. */
export function teamsPage(view: TeamsView): string {
  const { org, teams, person } = view;
  const base = `/o/${encodeURIComponent(org.id)}/settings/teams`;
  return adminPage({
    person,
    org,
    section: "teams",
    title: "Teams",
    done: view.done ?? null,
    error: view.error ?? null,
    children: (
      <>
        {teams.items.length === 0 ? (
          <p>No team yet. Teams give a group of members a role on collections and spaces.</p>
        ) : (
          <ul class="a-list" aria-label="Teams">
            {teams.items.map((team) => (
              <li class="a-row">
                <a href={`${base}/${encodeURIComponent(team.id)}`}>
                  <strong>{team.title}</strong>
                </a>
                <span class="a-meta">
                  {team.members === 1 ? "1 member" : `${team.members} members`} ·{" "}
                  {team.spaces === 1 ? "1 space" : `${team.spaces} spaces`}
                </span>
              </li>
            ))}
          </ul>
        )}
        <NextPage path={base} next={teams.next} label="More teams" />
        {org.permissions?.ownTeam || org.permissions?.admin ? (
          <section class="a-section" aria-labelledby="new-team-title">
            <h2 id="new-team-title">New team</h2>
            <AppForm action={base} csrf={person.csrf} label="New team">
              <Field name="title" id="team-title" label="Name" required maxlength={64} />
              <div>
                <Submit label="Create team" />
              </div>
            </AppForm>
          </section>
        ) : null}
      </>
    ),
  });
}

/** What one team's screen shows. */
export interface TeamView {
  person: SignedIn;
  org: Organization;
  team: Team;
  members: ListPage<TeamMember>;
  done?: string | null;
  error?: string | null;
}

const TEAM_ROLES = [
  ["member", "member"],
  ["owner", "owner (manages the team)"],
] as const;

function MemberItem(props: { item: TeamMember; base: string; csrf: string; admin: boolean }) {
  const m = props.item.organization;
  const name = m.user.displayName || m.user.email || m.id;
  const path = `${props.base}/members/${encodeURIComponent(m.id)}`;
  return (
    <li class="a-row">
      <div>
        <strong>{name}</strong>
        <p class="a-meta">
          {m.user.email ? `${m.user.email} · ` : ""}team {props.item.team.role}
        </p>
      </div>
      {props.admin ? (
        <div class="a-row">
          <ButtonForm
            action={`${path}/role`}
            csrf={props.csrf}
            label={props.item.team.role === "owner" ? "Make member" : "Make owner"}
            target={name}
            hidden={{ role: props.item.team.role === "owner" ? "member" : "owner" }}
          />
          <ButtonForm
            action={`${path}/remove`}
            csrf={props.csrf}
            label="Remove"
            target={`${name} from the team`}
            kind="danger"
          />
        </div>
      ) : null}
    </li>
  );
}

/** One team's screen. */
export function teamPage(view: TeamView): string {
  const { org, team, members, person } = view;
  const list = `/o/${encodeURIComponent(org.id)}/settings/teams`;
  const base = `${list}/${encodeURIComponent(team.id)}`;
  const admin = team.permissions.admin;
  return adminPage({
    person,
    org,
    section: "teams",
    title: team.title,
    done: view.done ?? null,
    error: view.error ?? null,
    children: (
      <>
        <p>
          <a href={list}>All teams</a>
        </p>
        <section class="a-section" aria-labelledby="team-members-title">
          <h2 id="team-members-title">Members</h2>
          {members.items.length === 0 ? (
            <p>No one is in this team yet.</p>
          ) : (
            <ul class="a-list" aria-label={`Members of ${team.title}`}>
              {members.items.map((item) => (
                <MemberItem item={item} base={base} csrf={person.csrf} admin={admin} />
              ))}
            </ul>
          )}
          <NextPage path={base} next={members.next} label="More team members" />
          {admin ? (
            <AppForm action={`${base}/members`} csrf={person.csrf} label="Add a member">
              <Field
                name="user"
                id="team-add"
                label="Add a member"
                hint="The e-mail address of a member of the organization."
                type="email"
                required
                maxlength={320}
              />
              <Select id="team-add-role" name="role" label="Team role" options={TEAM_ROLES} />
              <div>
                <Submit label="Add to team" kind="secondary" />
              </div>
            </AppForm>
          ) : null}
        </section>
        {admin ? (
          <section class="a-section" aria-labelledby="rename-title">
            <h2 id="rename-title">Rename</h2>
            <AppForm action={`${base}/rename`} csrf={person.csrf} label="Rename the team">
              <Field
                name="title"
                id="team-rename"
                label="Name"
                value={team.title}
                required
                maxlength={64}
              />
              <div>
                <Submit label="Rename" kind="secondary" />
              </div>
            </AppForm>
          </section>
        ) : null}
        {admin ? (
          <section class="a-section" aria-labelledby="delete-team-title">
            <h2 id="delete-team-title">Delete this team</h2>
            <p>Its members stay in the organization; the roles the team gave end.</p>
            <ButtonForm
              action={`${base}/delete`}
              csrf={person.csrf}
              label="Delete team"
              target={team.title}
              kind="danger"
            />
          </section>
        ) : null}
      </>
    ),
  });
}
