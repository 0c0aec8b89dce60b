import type { User } from "../../api/types";
import { AppForm, Field, Submit } from "../../layout/forms";
import type { SignedIn } from "../../session/session";
import type { ChangeRequestView } from "./load";
import { changeRequestPath } from "./paths";
import { MergeWaits } from "./review-views";

/**
 * The actions of one change request the person's role allows: merge (or why it must wait for
 * approvals the merge rules require), ready for review, back to draft, archive, reopen, update
 * from main, rename. Each a plain form; the API decides and its refusal is shown.
 */

/** One action button posting to the change request's `action` path. */
function Action(props: {
  person: SignedIn;
  path: string;
  label: string;
  kind?: "primary" | "secondary" | "danger";
  fields?: Record<string, string>;
}) {
  return (
    <AppForm action={props.path} csrf={props.person.csrf} class="a-inline-form" label={props.label}>
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <Submit label={props.label} kind={props.kind ?? "secondary"} />
    </AppForm>
  );
}

/** The action forms of one change request. */
export function Actions(props: { person: SignedIn; view: ChangeRequestView; missing: User[] }) {
  const { person, view } = props;
  const { changeRequest: cr, space } = view;
  const base = changeRequestPath(space.id, cr.number);
  const can = space.permissions ?? {};
  if (cr.status === "merged" || !can.edit) return null;
  return (
    <section class="a-section" aria-labelledby="cr-actions-heading">
      <h2 id="cr-actions-heading">Actions</h2>
      <div class="a-button-list">
        {cr.status !== "archived" && can.merge && props.missing.length === 0 ? (
          <Action person={person} path={`${base}/merge`} label="Merge into main" kind="primary" />
        ) : null}
        {cr.status !== "archived" && can.merge && props.missing.length > 0 ? (
          <button
            type="button"
            class="a-button a-button-primary"
            disabled
            aria-describedby="cr-merge-waits"
          >
            Merge into main
          </button>
        ) : null}
        {cr.status === "draft" ? (
          <Action
            person={person}
            path={`${base}/status`}
            label="Ready for review"
            fields={{ status: "open" }}
          />
        ) : null}
        {cr.status === "open" ? (
          <Action
            person={person}
            path={`${base}/status`}
            label="Back to draft"
            fields={{ status: "draft" }}
          />
        ) : null}
        {cr.status === "archived" ? (
          <Action
            person={person}
            path={`${base}/status`}
            label="Reopen"
            fields={{ status: "open" }}
          />
        ) : (
          <Action
            person={person}
            path={`${base}/status`}
            label="Archive"
            kind="danger"
            fields={{ status: "archived" }}
          />
        )}
        {cr.outdated ? (
          <Action person={person} path={`${base}/update`} label="Update from main" />
        ) : null}
      </div>
      {cr.status !== "archived" && can.merge ? <MergeWaits missing={props.missing} /> : null}
      <AppForm action={`${base}/subject`} csrf={person.csrf} label="Rename the change request">
        <Field name="subject" id="cr-subject" label="Subject" value={cr.subject} maxlength={100} />
        <Submit label="Rename" kind="secondary" />
      </AppForm>
    </section>
  );
}
