import { SpaceCrumbs } from "../../layout/space-crumbs";
import type { ChangeRequest, SemanticChange } from "../../api/change-request-types";
import { when } from "../../layout/format";
import { AppForm, ErrorSummary, Field, Notice, Submit } from "../../layout/forms";
import { Workspace } from "../../layout/workspace";
import type { SignedIn } from "../../session/session";
import { LIST_STATUSES, type ChangeRequestList, type ChangeRequestView } from "./load";
import { CHANGE_LABELS, STATUS_LABELS } from "./labels";
import {
  changeRequestPath,
  changesPath,
  diffPath,
  pageInChangeRequestPath,
  pagesPath,
} from "./paths";
import { Actions } from "./actions-view";
import { Conversation, Reviewers, Reviews } from "./review-views";

/**
 * The change-request screens inside the workspace frame: a space's change requests by status
 * (with the form that starts one), and one change request — its state, what it changes against
 * main (each page linking to its editor inside the change request), and the actions the
 * person's role allows (merge, ready for review, archive, reopen, rename). Plain forms and links:
 * it all works without JavaScript; the API decides every action and its refusal is shown.
 */

function StatusTabs(props: { view: ChangeRequestList }) {
  const { space, status } = props.view;
  return (
    <nav aria-label="Change requests by status">
      <ul class="a-cr-tabs">
        {LIST_STATUSES.map((s) => (
          <li>
            <a
              href={changesPath(space.id, s === "open" ? undefined : s)}
              aria-current={s === status ? "page" : undefined}
            >
              {STATUS_LABELS[s]}
              {s === "open" && space.changeRequestsOpen ? ` (${space.changeRequestsOpen})` : ""}
              {s === "draft" && space.changeRequestsDraft ? ` (${space.changeRequestsDraft})` : ""}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ChangeRequestRow(props: { spaceId: string; cr: ChangeRequest }) {
  const { cr } = props;
  return (
    <li class="a-row">
      <a href={changeRequestPath(props.spaceId, cr.number)}>
        <strong>{cr.subject || "Untitled change request"}</strong>
        <span class="a-meta">{` #${cr.number}`}</span>
      </a>
      <span class="a-meta">
        {`${cr.createdBy.displayName}, updated ${when(cr.updatedAt)}`}
        {cr.comments ? ` · ${cr.comments} open comment${cr.comments === 1 ? "" : "s"}` : ""}
        {cr.outdated ? " · behind main" : ""}
      </span>
    </li>
  );
}

/** A space's change requests of one status. */
export function ChangeRequestListScreen(props: {
  person: SignedIn;
  view: ChangeRequestList;
  error?: string | null;
}) {
  const { person, view } = props;
  const { space } = view;
  return (
    <Workspace
      person={person}
      data={view.frame}
      current={{ space: space.id }}
      title={`Change requests · ${space.title}`}
      styles={["css/space.css", "css/changes.css"]}
    >
      <SpaceCrumbs space={space} trail={[{ label: "Change requests" }]} />
      <h1>Change requests</h1>
      <ErrorSummary error={props.error} />
      <StatusTabs view={view} />
      {view.items.length === 0 ? (
        <p class="a-meta">{`No ${STATUS_LABELS[view.status].toLowerCase()} change requests.`}</p>
      ) : (
        <ul class="a-list" aria-label={`${STATUS_LABELS[view.status]} change requests`}>
          {view.items.map((cr) => (
            <ChangeRequestRow spaceId={space.id} cr={cr} />
          ))}
        </ul>
      )}
      {view.next ? (
        <p>
          <a
            href={`${changesPath(space.id, view.status)}${view.status === "open" ? "?" : "&"}page=${encodeURIComponent(view.next)}`}
          >
            More change requests
          </a>
        </p>
      ) : null}
      {space.permissions?.edit ? (
        <section class="a-section" aria-labelledby="new-cr-heading">
          <h2 id="new-cr-heading">Start a change request</h2>
          <AppForm action={changesPath(space.id)} csrf={person.csrf} label="Start a change request">
            <Field name="subject" id="new-cr-subject" label="Subject" maxlength={100} />
            <Submit label="Start change request" />
          </AppForm>
        </section>
      ) : null}
    </Workspace>
  );
}

function ChangeLine(props: { spaceId: string; number: number; change: SemanticChange }) {
  const { change } = props;
  const label = CHANGE_LABELS[change.type] ?? change.type.replace(/_/g, " ");
  const page = change.page;
  const name = page?.title || change.file?.name || "Untitled";
  const link =
    page && page.path !== undefined && change.type !== "page_deleted" && page.type === "document"
      ? pageInChangeRequestPath(props.spaceId, props.number, page.path)
      : null;
  return (
    <li class="a-row">
      {link ? <a href={link}>{name}</a> : <span>{name}</span>}
      <span class="a-meta">{label}</span>
    </li>
  );
}

/** One change request. */
export function ChangeRequestScreen(props: {
  person: SignedIn;
  view: ChangeRequestView;
  error?: string | null;
  done?: string | null;
}) {
  const { person, view } = props;
  const { changeRequest: cr, space, changes } = view;
  const parts = {
    person,
    space,
    cr,
    data: view.review,
    base: changeRequestPath(space.id, cr.number),
  };
  return (
    <Workspace
      person={person}
      data={view.frame}
      current={{ space: space.id }}
      title={`#${cr.number} ${cr.subject} · ${space.title}`}
      styles={["css/space.css", "css/changes.css"]}
    >
      <SpaceCrumbs
        space={space}
        trail={[
          { label: "Change requests", href: changesPath(space.id) },
          { label: `#${cr.number}` },
        ]}
      />
      <h1>
        {cr.subject || "Untitled change request"} <span class="a-meta">{`#${cr.number}`}</span>
      </h1>
      <ErrorSummary error={props.error} />
      {props.done ? <Notice>{props.done}</Notice> : null}
      <dl class="a-facts">
        <dt>Status</dt>
        <dd>
          <span class={`a-badge a-cr-${cr.status}`}>{STATUS_LABELS[cr.status]}</span>
          {cr.outdated ? <span class="a-meta"> Main has changed since this started.</span> : null}
        </dd>
        <dt>Started by</dt>
        <dd>{`${cr.createdBy.displayName}, ${when(cr.createdAt)}`}</dd>
        {cr.mergedAt ? (
          <>
            <dt>Merged</dt>
            <dd>{`${cr.mergedBy?.displayName ?? "Someone"}, ${when(cr.mergedAt)}`}</dd>
          </>
        ) : null}
        <dt>Open comments</dt>
        <dd>{String(cr.comments)}</dd>
      </dl>
      <section class="a-section" aria-labelledby="cr-changes-heading">
        <h2 id="cr-changes-heading">What it changes</h2>
        {changes.changes.length === 0 ? (
          <p class="a-meta">No changes yet.</p>
        ) : (
          <ul class="a-list" aria-labelledby="cr-changes-heading">
            {changes.changes.map((change) => (
              <ChangeLine spaceId={space.id} number={cr.number} change={change} />
            ))}
          </ul>
        )}
        {changes.more ? <p class="a-meta">{`And ${changes.more} more.`}</p> : null}
        <p>
          <a href={pagesPath(space.id, cr.number)}>The pages of this change request</a>
        </p>
        {changes.changes.length > 0 ? (
          <p>
            <a href={diffPath(space.id, cr.number)}>See the diff, block by block</a>
          </p>
        ) : null}
      </section>
      <Reviewers {...parts} />
      <Reviews {...parts} />
      <Actions person={person} view={view} missing={view.missing} />
      <Conversation {...parts} diffPath={diffPath(space.id, cr.number)} />
    </Workspace>
  );
}
