import { when } from "../../layout/format";
import { AppForm, ErrorSummary, Field, Submit } from "../../layout/forms";
import { Workspace } from "../../layout/workspace";
import type { SignedIn } from "../../session/session";
import { HistoryCrumbs } from "./crumbs";
import type { RevertView } from "./load";
import { revertPath, revisionPath } from "./paths";

/**
 * A revert's confirmation: what will be restored (the whole space, or one page) and how — a
 * change request opened with the revision's content, so nothing changes on main before it is
 * reviewed and merged — with the change request's subject to name, and the way back.
 */
export function RevertScreen(props: { person: SignedIn; view: RevertView; error?: string | null }) {
  const { person, view } = props;
  const { space, revision, page } = view;
  const day = when(revision.createdAt);
  const heading = page ? `Restore "${page.title}"` : "Revert the space";
  const back = revisionPath(space.id, revision.id);
  return (
    <Workspace
      person={person}
      data={view.frame}
      current={{ space: space.id }}
      title={`${heading} · ${space.title}`}
      styles={["css/space.css", "css/changes.css"]}
    >
      <HistoryCrumbs
        space={space}
        trail={[
          [`Revision of ${day}`, back],
          [page ? "Restore a page" : "Revert", null],
        ]}
      />
      <h1>{heading}</h1>
      <ErrorSummary error={props.error} />
      <p>
        {page
          ? `Quire will open a change request that gives this page its content, title and place as of ${day}.`
          : `Quire will open a change request that gives every page of the space its content, title and place as of ${day}; pages made since are deleted in it.`}{" "}
        Main does not change until the change request is reviewed and merged, as the space's merge
        rules ask.
      </p>
      <AppForm
        action={revertPath(space.id, revision.id, page?.id)}
        csrf={person.csrf}
        label={heading}
      >
        <Field
          name="subject"
          id="revert-subject"
          label="Subject of the change request"
          hint="Leave it empty for one that names the revision."
          maxlength={100}
        />
        <div class="a-button-list">
          <Submit label="Open the change request" kind="primary" />
          <a href={back}>Cancel</a>
        </div>
      </AppForm>
    </Workspace>
  );
}
