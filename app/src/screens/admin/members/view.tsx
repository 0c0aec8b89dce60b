import type { ListPage, Organization } from "../../../api/types";
import { when } from "../../../layout/format";
import { AppForm } from "../../../layout/forms";
import type { SignedIn } from "../../../session/session";
import { adminPage } from "../frame";
import { MEMBER_ROLE_OPTIONS } from "../../invite/member-role";
import { ButtonForm, NextPage } from "../parts";
import type { EmailInvite, Member } from "../types";
import { InviteForm, PendingInvites } from "./invites-view";
import { memberName } from "./disable-view";

/**
 * `/o/{orgId}/settings/members`: the organization's members (`GET /v1/orgs/{id}/members`,
 * paged, searchable), and for its admins: each member's role changed (`PATCH …/members/{id}`),
 * a member disabled or enabled (the same PATCH, after disable-view.tsx's confirmation), a member removed (`DELETE …/members/{id}`), people invited by e-mail and the pending invites
 * revoked (invites-view.tsx). Others see the list only.
 */

/** What the members screen shows. */
export interface MembersView {
  person: SignedIn;
  org: Organization;
  members: ListPage<Member>;
  /** The pending e-mail invites, for admins only. */
  invites: ListPage<EmailInvite> | null;
  search: string;
  done?: string | null;
  error?: string | null;
}

function MemberRow(props: { member: Member; base: string; csrf: string; admin: boolean }) {
  const { member, base, csrf } = props;
  const name = memberName(member);
  const path = `${base}/${encodeURIComponent(member.id)}`;
  return (
    <tr>
      <td>
        <strong>{name}</strong>
        {member.user.email ? <p class="a-meta">{member.user.email}</p> : null}
        {member.disabled ? <span class="a-badge a-badge-muted">Disabled</span> : null}
        {member.sso ? <span class="a-badge a-badge-muted">SSO</span> : null}
      </td>
      <td>
        {props.admin ? (
          <AppForm
            action={`${path}/role`}
            csrf={csrf}
            class="a-inline-form a-role-form"
            label={`Role of ${name}`}
          >
            <label class="a-visually-hidden" for={`role-${member.id}`}>
              Role of {name}
            </label>
            <select id={`role-${member.id}`} name="role">
              {MEMBER_ROLE_OPTIONS.map(([value, label]) => (
                <option value={value} selected={value === (member.role ?? "guest")}>
                  {label}
                </option>
              ))}
            </select>
            <button type="submit" class="a-button a-button-secondary">
              Change<span class="a-visually-hidden"> the role of {name}</span>
            </button>
          </AppForm>
        ) : (
          (member.role ?? "guest")
        )}
      </td>
      <td>
        {member.teams} · {member.spaces}
      </td>
      <td>{when(member.lastSeenAt ?? member.joinedAt)}</td>
      {props.admin ? (
        <td>
          <a
            class="a-button a-button-secondary"
            href={`${path}/${member.disabled ? "enable" : "disable"}`}
          >
            {member.disabled ? "Enable" : "Disable"}
            <span class="a-visually-hidden"> {name}</span>
          </a>{" "}
          <ButtonForm
            action={`${path}/remove`}
            csrf={csrf}
            label="Remove"
            target={name}
            kind="danger"
          />
        </td>
      ) : null}
    </tr>
  );
}

/** The members screen. */
export function membersPage(view: MembersView): string {
  const { org, members, person } = view;
  const admin = org.permissions?.admin === true;
  const base = `/o/${encodeURIComponent(org.id)}/settings/members`;
  return adminPage({
    person,
    org,
    section: "members",
    title: "Members",
    done: view.done ?? null,
    error: view.error ?? null,
    children: (
      <>
        <form method="get" action={base} class="a-search-form" role="search">
          <label for="member-search">Find a member</label>
          <input id="member-search" type="search" name="search" value={view.search} />
          <button type="submit" class="a-button a-button-secondary">
            Search
          </button>
        </form>
        <p class="a-meta" role="status">
          {members.count === 1 ? "1 member" : `${members.count} members`}
          {view.search ? ` matching “${view.search}”` : ""}
        </p>
        <div class="a-scroll">
          <table class="a-table">
            <caption class="a-visually-hidden">Members of {org.title}</caption>
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">Teams · spaces</th>
                <th scope="col">Last seen</th>
                {admin ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {members.items.map((member) => (
                <MemberRow member={member} base={base} csrf={person.csrf} admin={admin} />
              ))}
            </tbody>
          </table>
        </div>
        <NextPage path={base} next={members.next} label="More members" />
        {admin ? <InviteForm base={base} csrf={person.csrf} /> : null}
        {view.invites ? (
          <PendingInvites base={base} csrf={person.csrf} invites={view.invites} />
        ) : null}
        {admin ? (
          <p class="a-hint">
            Invite links and single sign-on are in{" "}
            <a href={`/org/${org.id}/settings/sign-in`}>Sign-in</a>.
          </p>
        ) : null}
      </>
    ),
  });
}
