import type { ListPage } from "../../../api/types";
import { when } from "../../../layout/format";
import { AppForm, Submit } from "../../../layout/forms";
import { InviteEmailsField, MemberRoleSelect } from "../../invite/member-role";
import { ButtonForm } from "../parts";
import type { EmailInvite } from "../types";

/**
 * The admins' half of the members screen: people invited by e-mail (`POST …/invites`) and the
 * invites still waiting for their person's consent (`GET …/email-invites`: who, when, by whom,
 * until when), each revocable (`DELETE …/email-invites/{id}`).
 */

/** The invite-by-e-mail form. */
export function InviteForm(props: { base: string; csrf: string }) {
  return (
    <section class="a-section" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite people</h2>
      <AppForm action={`${props.base}/invite`} csrf={props.csrf} label="Invite by e-mail">
        <InviteEmailsField />
        <MemberRoleSelect id="invite-role" />
        <div>
          <Submit label="Send invites" />
        </div>
      </AppForm>
    </section>
  );
}

function InviteRow(props: { invite: EmailInvite; base: string; csrf: string }) {
  const { invite } = props;
  return (
    <tr>
      <td>
        <strong>{invite.email}</strong>
        {invite.sso ? <span class="a-badge a-badge-muted">SSO</span> : null}
      </td>
      <td>{invite.role ?? "guest"}</td>
      <td>{invite.invitedByName ?? "a removed account"}</td>
      <td>{when(invite.createdAt)}</td>
      <td>
        {invite.expired ? <span class="a-badge a-badge-muted">Expired</span> : null}{" "}
        {when(invite.expiresAt)}
      </td>
      <td>
        <ButtonForm
          action={`${props.base}/invites/${encodeURIComponent(invite.id)}/revoke`}
          csrf={props.csrf}
          label="Revoke"
          target={`the invite of ${invite.email}`}
          kind="danger"
        />
      </td>
    </tr>
  );
}

/** The organization's pending e-mail invites, newest first, paged by `?invites=`. */
export function PendingInvites(props: {
  base: string;
  csrf: string;
  invites: ListPage<EmailInvite>;
}) {
  const { invites } = props;
  return (
    <section class="a-section" aria-labelledby="pending-title">
      <h2 id="pending-title">Pending invites</h2>
      <p class="a-meta">
        {invites.count === 1 ? "1 invite" : `${invites.count} invites`} waiting for their person to
        accept. Revoking one stops its link from working.
      </p>
      {invites.items.length > 0 ? (
        <div class="a-scroll">
          <table class="a-table">
            <caption class="a-visually-hidden">Pending e-mail invites</caption>
            <thead>
              <tr>
                <th scope="col">Invited address</th>
                <th scope="col">Role</th>
                <th scope="col">Invited by</th>
                <th scope="col">Sent</th>
                <th scope="col">Expires</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {invites.items.map((invite) => (
                <InviteRow invite={invite} base={props.base} csrf={props.csrf} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {invites.next ? (
        <p>
          <a href={`${props.base}?invites=${encodeURIComponent(invites.next.page)}`}>
            More pending invites
          </a>
        </p>
      ) : null}
    </section>
  );
}
