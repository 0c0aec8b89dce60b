import type { Organization } from "../../../api/types";
import { AppForm, Submit } from "../../../layout/forms";
import type { SignedIn } from "../../../session/session";
import { adminPage } from "../frame";
import type { Member } from "../types";

/**
 * The confirmation before an admin disables or enables a member (`PATCH …/members/{id}` with
 * `disabled`, a Quire extension): what it does to the person, one button that does it, and a
 * way back that changes nothing. A GET shows it; only its form's post acts.
 */

/** Which way the membership is switched. */
export type Switch = "disable" | "enable";

/** What the member is called on the screens. */
export function memberName(member: Member): string {
  return member.user.displayName || member.user.email || member.id;
}

/** What each way does, said to the admin before they confirm. */
function consequence(to: Switch, name: string, org: string): string {
  return to === "disable"
    ? `${name} is signed out at once, in every browser (they sign in again for their other organizations), and reaches nothing of ${org} until an admin enables them again. Their role, teams and access are kept.`
    : `${name} can sign in to ${org} again, with the role, teams and access they had.`;
}

/** The confirmation screen of `to` for `member`. */
export function switchMemberPage(props: {
  person: SignedIn;
  org: Organization;
  member: Member;
  to: Switch;
}): string {
  const { person, org, member, to } = props;
  const name = memberName(member);
  const base = `/o/${encodeURIComponent(org.id)}/settings/members`;
  const verb = to === "disable" ? "Disable" : "Enable";
  return adminPage({
    person,
    org,
    section: "members",
    title: `${verb} ${name}?`,
    children: (
      <>
        <p>{consequence(to, name, org.title)}</p>
        <AppForm
          action={`${base}/${encodeURIComponent(member.id)}/${to}`}
          csrf={person.csrf}
          label={`${verb} ${name}`}
        >
          <Submit label={`${verb} ${name}`} kind={to === "disable" ? "danger" : "primary"} />
        </AppForm>
        <p>
          <a href={base}>{to === "disable" ? `Keep ${name} enabled` : `Keep ${name} disabled`}</a>
        </p>
      </>
    ),
  });
}
