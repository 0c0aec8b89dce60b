import { SpaceCrumbs } from "../../layout/space-crumbs";
import type { JSONDocument } from "@gitbook/api";
import { raw } from "hono/html";
import type { DiffBlock, BlockChange } from "../../../../core/diff/blocks";
import { diffCounts } from "../../../../core/diff/blocks";
import { renderDocument } from "../../../../core/render/document";
import type { RenderContext } from "../../../../core/render/model";
import { ErrorSummary, Notice } from "../../layout/forms";
import { Workspace } from "../../layout/workspace";
import type { SignedIn } from "../../session/session";
import { NewComment, ThreadView, threadsOn, type ThreadPlace } from "./comment-views";
import type { DiffView, PageDiff } from "./diff-load";
import { CHANGE_LABELS } from "./labels";
import { changeRequestPath, changesPath } from "./paths";

/**
 * The diff view of a change request: each page it adds, removes, moves or edits and, for a
 * document, its blocks against main's — added and removed ones labelled and marked up as
 * `ins`/`del`, changed ones side by side (before, after), long runs of unchanged ones folded —
 * each block rendered by core/render's renderer. Beside every block of the change request are
 * the comment threads anchored on it and a "comment on this block" form (the API's `node`
 * target). Works without JavaScript.
 */

/** Unchanged blocks in a row shown before the rest fold away. */
const UNCHANGED_SHOWN = 3;

/** One block's HTML, rendered as a one-block document (the conflicts screen shows blocks so too). */
export function blockHtml(block: DiffBlock, ctx: RenderContext): string {
  const doc = { object: "document", data: {}, nodes: [block] } as unknown as JSONDocument;
  return renderDocument(doc, ctx).html;
}

/** The key of a block of the change request, for comments anchored on it. */
function keyOf(block: DiffBlock): string | undefined {
  return typeof block.key === "string" && block.key ? block.key : undefined;
}

interface BlockProps {
  change: BlockChange;
  ctx: RenderContext;
  place: ThreadPlace;
  view: DiffView;
  page: PageDiff;
}

/** A block of the change request: its threads, and the form to comment on it. */
function BlockComments(props: BlockProps & { block: DiffBlock }) {
  const key = keyOf(props.block);
  if (!key) return null;
  const threads = threadsOn(props.view.threads, key);
  return (
    <aside class="a-diff-comments" aria-label="Comments on this block">
      {threads.map((thread) => (
        <ThreadView place={props.place} thread={thread} />
      ))}
      {props.place.canComment ? (
        <details class="a-diff-new">
          <summary>Comment on this block</summary>
          <NewComment
            place={props.place}
            id={`comment-on-${key}`}
            label="Comment on this block"
            page={props.page.id}
            node={key}
          />
        </details>
      ) : null}
    </aside>
  );
}

/** One entry of a page's block diff. */
function BlockEntry(props: BlockProps) {
  const { change, ctx } = props;
  if (change.kind === "removed") {
    return (
      <div class="a-diff-block a-diff-removed">
        <p class="a-diff-label">Removed</p>
        <del class="a-sp-document">{raw(blockHtml(change.before, ctx))}</del>
      </div>
    );
  }
  const moved = change.kind !== "added" && change.moved ? " (moved)" : "";
  const body =
    change.kind === "changed" ? (
      <div class="a-diff-pair">
        <div>
          <p class="a-diff-label">{`Before${moved}`}</p>
          <del class="a-sp-document">{raw(blockHtml(change.before, ctx))}</del>
        </div>
        <div>
          <p class="a-diff-label">After</p>
          <ins class="a-sp-document">{raw(blockHtml(change.after, ctx))}</ins>
        </div>
      </div>
    ) : change.kind === "added" ? (
      <>
        <p class="a-diff-label">Added</p>
        <ins class="a-sp-document">{raw(blockHtml(change.after, ctx))}</ins>
      </>
    ) : (
      <>
        {moved ? <p class="a-diff-label">Moved</p> : null}
        <div class="a-sp-document">{raw(blockHtml(change.after, ctx))}</div>
      </>
    );
  return (
    <div class={`a-diff-block a-diff-${change.kind}${moved ? " a-diff-moved" : ""}`}>
      {body}
      <BlockComments {...props} block={change.after} />
    </div>
  );
}

/** A page's blocks, runs of unchanged ones folded. */
function PageBlocks(props: Omit<BlockProps, "change"> & { blocks: BlockChange[] }) {
  const out = [];
  let run: BlockChange[] = [];
  const flush = () => {
    if (run.length > UNCHANGED_SHOWN) {
      out.push(
        <details class="a-diff-fold">
          <summary>{`${run.length} unchanged blocks`}</summary>
          {run.map((change) => (
            <BlockEntry {...props} change={change} />
          ))}
        </details>,
      );
    } else out.push(...run.map((change) => <BlockEntry {...props} change={change} />));
    run = [];
  };
  for (const change of props.blocks) {
    if (change.kind === "same" && !change.moved) run.push(change);
    else {
      flush();
      out.push(<BlockEntry {...props} change={change} />);
    }
  }
  flush();
  return <div class="a-diff-blocks">{out}</div>;
}

/** One page of the diff. */
function PageSection(props: { page: PageDiff; view: DiffView; place: ThreadPlace; index: number }) {
  const { page } = props;
  const labels = page.kinds.map((k) => CHANGE_LABELS[k] ?? k.replace(/_/g, " "));
  const counts = page.blocks ? diffCounts(page.blocks) : null;
  const heading = `diff-page-${props.index}`;
  return (
    <section class="a-section a-diff-page" aria-labelledby={heading}>
      <h2 id={heading}>
        {page.title || "Untitled"} <span class="a-badge">{labels.join(", ")}</span>
      </h2>
      {page.moved ? (
        <p class="a-meta">{`Moved from ${page.moved.from ?? "the top level"} to ${page.moved.to ?? "the top level"}.`}</p>
      ) : null}
      {counts ? (
        <p class="a-meta">{`${counts.added} added, ${counts.removed} removed, ${counts.changed} changed blocks.`}</p>
      ) : null}
      {page.blocks ? (
        <PageBlocks
          blocks={page.blocks}
          ctx={props.view.context}
          place={props.place}
          view={props.view}
          page={page}
        />
      ) : null}
    </section>
  );
}

/** The keys of the change request's blocks the diff draws (comments beside them). */
function drawnKeys(view: DiffView): Set<string> {
  const keys = new Set<string>();
  for (const page of view.pages) {
    for (const change of page.blocks ?? []) {
      const key = change.kind === "removed" ? undefined : keyOf(change.after);
      if (key) keys.add(key);
    }
  }
  return keys;
}

/**
 * The threads anchored where the diff draws no block (a page or a nested block, a block of a
 * page not changed): listed after the pages, so that none is out of reach.
 */
function Unplaced(props: { view: DiffView; place: ThreadPlace }) {
  const drawn = drawnKeys(props.view);
  const threads = props.view.threads.filter((t) => {
    const node = t.comment.target.node?.id;
    return node ? !drawn.has(node) : t.comment.target.page !== undefined;
  });
  if (threads.length === 0) return null;
  return (
    <section class="a-section" aria-labelledby="diff-other-comments">
      <h2 id="diff-other-comments">Other comments on pages</h2>
      {threads.map((thread) => (
        <ThreadView place={props.place} thread={thread} />
      ))}
    </section>
  );
}

/** The diff view of a change request. */
export function DiffScreen(props: {
  person: SignedIn;
  view: DiffView;
  error?: string | null;
  done?: string | null;
}) {
  const { person, view } = props;
  const { space, changeRequest: cr } = view;
  const base = changeRequestPath(space.id, cr.number);
  const place: ThreadPlace = {
    person,
    base,
    canComment: space.permissions?.comment === true,
    from: "?from=diff",
  };
  return (
    <Workspace
      person={person}
      data={view.frame}
      current={{ space: space.id }}
      title={`Diff of #${cr.number} ${cr.subject} · ${space.title}`}
      styles={["css/space.css", "css/changes.css"]}
    >
      <SpaceCrumbs
        space={space}
        trail={[
          { label: "Change requests", href: changesPath(space.id) },
          { label: `#${cr.number}`, href: base },
          { label: "Diff" },
        ]}
      />
      <h1>{`Changes of “${cr.subject || "Untitled change request"}”`}</h1>
      <ErrorSummary error={props.error} />
      {props.done ? <Notice>{props.done}</Notice> : null}
      {view.pages.length === 0 ? <p class="a-meta">No changes yet.</p> : null}
      {view.pages.map((page, index) => (
        <PageSection page={page} view={view} place={place} index={index} />
      ))}
      {view.more ? <p class="a-meta">{`And ${view.more} more changed pages, not shown.`}</p> : null}
      <Unplaced view={view} place={place} />
    </Workspace>
  );
}
