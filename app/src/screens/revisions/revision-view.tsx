import { raw } from "hono/html";
import type { SemanticChange } from "../../api/change-request-types";
import { when } from "../../layout/format";
import { Workspace } from "../../layout/workspace";
import { spacePath } from "../../layout/workspace-data";
import type { SignedIn } from "../../session/session";
import { CHANGE_LABELS } from "../changes/labels";
import { changeRequestPath } from "../changes/paths";
import { OnThisPage, PageTree } from "../space/view";
import { HistoryCrumbs } from "./crumbs";
import { typeLabel } from "./labels";
import type { RevisionView } from "./load";
import { historyPath, pageInRevisionPath, revertPath, revisionPath } from "./paths";

/**
 * A revision's screen inside the workspace frame: who made it, when, what kind (the change
 * request a merge came from linked), what it changed (each page linking to itself in this
 * revision), its page tree, and one of its pages read-only (core/render's HTML). People who may
 * edit get the way to revert the space, or the page shown, to it (a confirmation first).
 */

function ChangeLine(props: { view: RevisionView; change: SemanticChange }) {
  const { change, view } = props;
  const label = CHANGE_LABELS[change.type] ?? change.type.replace(/_/g, " ");
  const page = change.page;
  const name = page?.title || change.file?.name || "Untitled";
  const link =
    page && page.path !== undefined && change.type !== "page_deleted" && page.type === "document"
      ? pageInRevisionPath(view.space.id, view.revision.id, page.path)
      : null;
  return (
    <li class="a-row">
      {link ? <a href={link}>{name}</a> : <span>{name}</span>}
      <span class="a-meta">{label}</span>
    </li>
  );
}

function Facts(props: { view: RevisionView }) {
  const { revision, space } = props.view;
  const cr = revision.mergedFrom;
  return (
    <dl class="a-facts">
      <dt>Kind</dt>
      <dd>
        {typeLabel(revision.type)}
        {cr ? (
          <>
            {" of change request "}
            <a href={changeRequestPath(space.id, cr.number)}>{`#${cr.number} ${cr.subject}`}</a>
          </>
        ) : null}
      </dd>
      <dt>By</dt>
      <dd>{revision.createdBy?.displayName ?? "Someone no longer here"}</dd>
      <dt>When</dt>
      <dd>{when(revision.createdAt)}</dd>
    </dl>
  );
}

function Overview(props: { view: RevisionView }) {
  const { view } = props;
  const { changes, space, revision } = view;
  const can = space.permissions?.edit === true;
  return (
    <>
      <Facts view={view} />
      <section class="a-section" aria-labelledby="rev-changes-heading">
        <h2 id="rev-changes-heading">What it changed</h2>
        {changes.changes.length === 0 ? (
          <p class="a-meta">No pages or files changed.</p>
        ) : (
          <ul class="a-list" aria-labelledby="rev-changes-heading">
            {changes.changes.map((change) => (
              <ChangeLine view={view} change={change} />
            ))}
          </ul>
        )}
        {changes.more ? <p class="a-meta">{`And ${changes.more} more.`}</p> : null}
      </section>
      {can ? (
        <section class="a-section" aria-labelledby="rev-revert-heading">
          <h2 id="rev-revert-heading">Revert</h2>
          <p>
            Propose main's content as it was in this revision, as a change request to review and
            merge.
          </p>
          <p>
            <a class="a-link-button" href={revertPath(space.id, revision.id)}>
              Revert the space to this revision
            </a>
          </p>
        </section>
      ) : null}
    </>
  );
}

function PageAsItWas(props: { view: RevisionView }) {
  const { view } = props;
  const { page, placed, space, revision } = view;
  if (!page || !placed) return null;
  const can = space.permissions?.edit === true;
  return (
    <>
      <h1>
        {page.emoji ? <span aria-hidden="true">{`${page.emoji} `}</span> : null}
        {page.title}
      </h1>
      <p class="a-notice" role="note">
        {`This page as it was on ${when(revision.createdAt)}. `}
        {placed.page.path !== undefined ? (
          <a href={spacePath(space.id, placed.page.path)}>Open the page as it is now</a>
        ) : null}
        {" · "}
        <a href={historyPath(space.id, placed.page.id)}>History of this page</a>
        {can ? (
          <>
            {" · "}
            <a href={revertPath(space.id, revision.id, placed.page.id)}>Restore this version</a>
          </>
        ) : null}
      </p>
      {page.description ? <p class="a-sp-description">{page.description}</p> : null}
      <div class="a-sp-document">{raw(page.html)}</div>
    </>
  );
}

/** A revision: its overview, or one of its pages read-only. */
export function RevisionScreen(props: { person: SignedIn; view: RevisionView }) {
  const { view } = props;
  const { space, revision, page } = view;
  const label = `Revision of ${when(revision.createdAt)}`;
  const trail: Array<[string, string | null]> = [[label, revisionPath(space.id, revision.id)]];
  if (page) trail.push([page.title, null]);
  const here = (path: string) => pageInRevisionPath(space.id, revision.id, path);
  return (
    <Workspace
      title={`${page ? `${page.title} · ` : ""}${label} · ${space.title}`}
      person={props.person}
      data={view.frame}
      current={{ space: space.id }}
      styles={["css/space.css", "css/changes.css"]}
    >
      <div class="a-sp">
        <PageTree
          pages={revision.pages}
          label={`Pages of ${space.title} in this revision`}
          href={here}
          current={view.placed?.page.id}
        />
        <article class="a-sp-page">
          <HistoryCrumbs space={space} trail={trail} />
          {page ? (
            <PageAsItWas view={view} />
          ) : (
            <>
              <h1>{label}</h1>
              <Overview view={view} />
            </>
          )}
        </article>
        <OnThisPage toc={page?.toc ?? []} />
      </div>
    </Workspace>
  );
}
