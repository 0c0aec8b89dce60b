import type { RevisionEntry } from "../../api/revision-types";
import { when } from "../../layout/format";
import { Workspace } from "../../layout/workspace";
import { spacePath } from "../../layout/workspace-data";
import type { SignedIn } from "../../session/session";
import { changeRequestPath } from "../changes/paths";
import { HistoryCrumbs } from "./crumbs";
import { typeLabel } from "./labels";
import type { HistoryView } from "./load";
import { historyPath, revisionPath } from "./paths";

/**
 * The history screen inside the workspace frame: a space's revisions of main, newest first, or
 * the revisions that changed one page, each with its kind, who made it, when, and the change
 * request a merge came from; older ones a link away (the API's keyset pages). Plain links: it
 * works without JavaScript.
 */

function EntryRow(props: { spaceId: string; entry: RevisionEntry }) {
  const { spaceId, entry } = props;
  const cr = entry.changeRequest;
  return (
    <li class="a-row">
      <a href={revisionPath(spaceId, entry.id)}>
        <strong>{cr ? cr.subject || "Untitled change request" : typeLabel(entry.type)}</strong>
        <span class="a-meta">{` ${when(entry.createdAt)}`}</span>
      </a>
      <span class="a-meta">
        {cr ? `${typeLabel(entry.type)} of ` : ""}
        {cr ? <a href={changeRequestPath(spaceId, cr.number)}>{`#${cr.number}`}</a> : null}
        {cr ? " · " : ""}
        {entry.createdBy ? `by ${entry.createdBy.displayName}` : "by someone no longer here"}
        {entry.parents.length === 0 ? " · the space's first revision" : ""}
      </span>
    </li>
  );
}

/** A space's history, or a page's. */
export function HistoryScreen(props: { person: SignedIn; view: HistoryView }) {
  const { person, view } = props;
  const { space, page } = view;
  const pageTitle = page ? (page.title ?? "A deleted page") : undefined;
  const heading = pageTitle ? `History of ${pageTitle}` : "History";
  const trail: Array<[string, string | null]> = pageTitle ? [[pageTitle, null]] : [];
  return (
    <Workspace
      person={person}
      data={view.frame}
      current={{ space: space.id }}
      title={`${heading} · ${space.title}`}
      styles={["css/space.css", "css/changes.css"]}
    >
      <HistoryCrumbs space={space} trail={trail} />
      <h1>{heading}</h1>
      <p class="a-meta">
        {page
          ? `The revisions of main that created, changed, moved or deleted this page: ${view.count}.`
          : `Every revision of main, newest first: ${view.count}.`}
        {page?.path !== undefined ? (
          <>
            {" "}
            <a href={spacePath(space.id, page.path)}>Open the page as it is now</a>
          </>
        ) : null}
      </p>
      {view.items.length === 0 ? (
        <p class="a-meta">No revisions here.</p>
      ) : (
        <ul class="a-list" aria-label={heading}>
          {view.items.map((entry) => (
            <EntryRow spaceId={space.id} entry={entry} />
          ))}
        </ul>
      )}
      {view.next ? (
        <p>
          <a href={historyPath(space.id, page?.id, view.next)}>Older revisions</a>
        </p>
      ) : null}
    </Workspace>
  );
}
