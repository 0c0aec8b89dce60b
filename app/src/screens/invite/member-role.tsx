import { MEMBER_ROLES } from "../../../../core/access/roles";
import type { FormPost } from "../../http/forms";
import { Select } from "../../layout/forms";

/**
 * The parts every screen that invites people or sets a member's role shares (the organization's
 * sign-in settings and the members screen): the role picker, the e-mail addresses field, and how
 * a posted form becomes the API's `role` and `emails`. One home, so both screens ask the same.
 */

/** Every role a member can be given, guest last (`[value, label]`). */
export const MEMBER_ROLE_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ...MEMBER_ROLES.map((r) => [r, r] as const),
  ["guest", "guest (no role)"],
];

/** A role picker over MEMBER_ROLE_OPTIONS, `read` unless `selected` says otherwise. */
export function MemberRoleSelect(props: { id: string; label?: string; selected?: string }) {
  return (
    <Select
      id={props.id}
      name="role"
      label={props.label ?? "Role"}
      options={MEMBER_ROLE_OPTIONS}
      selected={props.selected ?? "read"}
    />
  );
}

/** The e-mail addresses of an invite: one per line or separated by commas. */
export function InviteEmailsField() {
  return (
    <div class="a-field">
      <label for="invite-emails">E-mail addresses</label>
      <p class="a-hint" id="invite-emails-hint">
        One per line or separated by commas. Each gets a link that joins and signs in.
      </p>
      <textarea
        id="invite-emails"
        name="emails"
        rows={3}
        required
        aria-describedby="invite-emails-hint"
      ></textarea>
    </div>
  );
}

/** A form's role: a member role, or null for a guest. */
export function memberRoleOf(form: FormPost): string | null {
  const role = form.text("role");
  return role === "guest" ? null : role;
}

/** The body of `POST /v1/orgs/{id}/invites` from an invite form. */
export function inviteBody(form: FormPost): { emails: string[]; role: string | null } {
  return {
    emails: form
      .text("emails")
      .split(/[\s,;]+/)
      .filter(Boolean),
    role: memberRoleOf(form),
  };
}
