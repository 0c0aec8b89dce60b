import type { TreePage } from "../../api/content-types";
import { emojiOf } from "../../../../core/render/emoji";
import { AppForm, ErrorSummary, Field, Notice, Select, Submit } from "../../layout/forms";
import { Shell } from "../../layout/shell";
import type { SignedIn } from "../../session/session";
import { changeRequestPath, pageInChangeRequestPath, pagesPath } from "./paths";
import {
  childrenOf,
  descendantsOf,
  movesOf,
  placeValue,
  type Moves,
  type TreeView,
} from "./tree-load";

/**
 * The page tree of a change request, edited (issue 37): every page with its moves (up, down,
 * indent, outdent: buttons, so the keyboard reaches them), and under "Edit" its rename, a new
 * page beside or inside it, a duplicate (with its sub-pages or without) and the delete (a confirmation screen first). Every form
 * is one content-batch call (tree-routes.ts) and works without JavaScript; with it, rows also
 * drag and drop (app/client/tree/main.ts posts the same move form). A reader sees the tree
 * without forms.
 */

/** What a page's row says of it. */
function pageName(page: TreePage): string {
  return `${page.emoji ? `${emojiOf(page.emoji)} ` : ""}${page.title}`;
}

/** The move buttons of a page: one form, a button per way it can go. */
function MoveButtons(props: { csrf: string; action: string; title: string; moves: Moves }) {
  const ways: ReadonlyArray<[keyof Moves, string]> = [
    ["up", "Up"],
    ["down", "Down"],
    ["indent", "Indent"],
    ["outdent", "Outdent"],
  ];
  return (
    <AppForm
      action={props.action}
      csrf={props.csrf}
      class="a-inline-form"
      label={`Move ${props.title}`}
    >
      {ways.map(([way, label]) => {
        const place = props.moves[way];
        return place ? (
          <button
            type="submit"
            class="a-button a-button-secondary"
            name="to"
            value={placeValue(place)}
            aria-label={
              way === "up" || way === "down"
                ? `Move ${props.title} ${way}`
                : `${label} ${props.title}`
            }
            data-move={way}
          >
            {label}
          </button>
        ) : null;
      })}
    </AppForm>
  );
}

/** A page's edit forms: rename, a new page after or inside it, duplicate (and its sub-pages), delete. */
function PageEdits(props: {
  csrf: string;
  base: string;
  page: TreePage;
  parent: string | null;
  index: number;
}) {
  const { page, base, csrf } = props;
  const id = encodeURIComponent(page.id);
  const after = placeValue({ into: props.parent, at: props.index + 1 });
  const inside = placeValue({ into: page.id, at: childrenOf(page).length });
  return (
    <details class="q-tree-edit">
      <summary>{`Edit ${page.title}`}</summary>
      <AppForm action={`${base}/${id}/rename`} csrf={csrf} label={`Rename ${page.title}`}>
        <Field
          id={`f-title-${page.id}`}
          name="title"
          label="Title"
          value={page.title}
          required
          maxlength={256}
        />
        <Submit label="Rename" kind="secondary" />
      </AppForm>
      <AppForm action={`${base}/add`} csrf={csrf} label={`Add a page near ${page.title}`}>
        <Field
          id={`f-new-${page.id}`}
          name="title"
          label="New page's title"
          required
          maxlength={256}
        />
        <Select
          id={`f-where-${page.id}`}
          name="place"
          label="Where"
          options={[
            [after, `After ${page.title}`],
            ...(page.type === "link" ? [] : ([[inside, `Inside ${page.title}`]] as const)),
          ]}
        />
        <Submit label="Add the page" kind="secondary" />
      </AppForm>
      <AppForm
        action={`${base}/${id}/duplicate`}
        csrf={csrf}
        class="a-inline-form"
        label={`Duplicate ${page.title}`}
      >
        {childrenOf(page).length > 0 ? (
          <>
            <Submit label="Duplicate this page only" kind="secondary" />
            <button type="submit" class="a-button a-button-secondary" name="with" value="sub-pages">
              {`Duplicate with its ${descendantsOf(page)} sub-page${descendantsOf(page) === 1 ? "" : "s"}`}
            </button>
          </>
        ) : (
          <Submit label="Duplicate" kind="secondary" />
        )}
      </AppForm>
      <p>
        <a href={`${base}/${id}/delete`}>{`Delete ${page.title}…`}</a>
      </p>
    </details>
  );
}

/** The pages of one level, each with its row and its own pages below. */
function Level(props: {
  view: TreeView;
  csrf: string;
  pages: TreePage[];
  parent: { id: string; index: number; into: string | null } | null;
  depth: number;
}) {
  const { view } = props;
  const base = pagesPath(view.spaceId, view.changeRequest.number);
  if (props.depth > 32) return null;
  return (
    <ol class="q-tree" data-page-tree={props.depth === 0 && view.canEdit ? "" : undefined}>
      {props.pages.map((page, index) => {
        const name = pageName(page);
        const editable = page.type === "document" && page.path;
        return (
          <li
            id={`page-${page.id}`}
            data-page-id={page.id}
            data-page-type={page.type}
            data-page-title={page.title}
          >
            <div class="q-tree-row">
              {editable ? (
                <a
                  href={pageInChangeRequestPath(
                    view.spaceId,
                    view.changeRequest.number,
                    page.path ?? "",
                  )}
                >
                  {name}
                </a>
              ) : (
                <span>{`${name} (${page.type})`}</span>
              )}
              {page.hidden ? <span class="a-meta"> · hidden</span> : null}
              {view.canEdit ? (
                <MoveButtons
                  csrf={props.csrf}
                  action={`${base}/${encodeURIComponent(page.id)}/move`}
                  title={page.title}
                  moves={movesOf(props.pages, index, props.parent)}
                />
              ) : null}
            </div>
            {view.canEdit ? (
              <PageEdits
                csrf={props.csrf}
                base={base}
                page={page}
                parent={props.parent?.id ?? null}
                index={index}
              />
            ) : null}
            {childrenOf(page).length > 0 ? (
              <Level
                view={view}
                csrf={props.csrf}
                pages={childrenOf(page)}
                parent={{ id: page.id, index, into: props.parent?.id ?? null }}
                depth={props.depth + 1}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The page tree screen of a change request. */
export function TreeScreen(props: {
  person: SignedIn;
  view: TreeView;
  error?: string | null;
  done?: string | null;
}) {
  const { view, person } = props;
  const cr = view.changeRequest;
  const subject = cr.subject?.trim() || "Untitled change request";
  const base = pagesPath(view.spaceId, cr.number);
  return (
    <Shell
      title={`Pages of #${cr.number}`}
      person={person}
      styles={["css/changes.css"]}
      modules={view.canEdit ? ["tree"] : []}
    >
      <p>
        <a href={changeRequestPath(view.spaceId, cr.number)}>{`#${cr.number} ${subject}`}</a>
      </p>
      <h1>Pages</h1>
      <ErrorSummary error={props.error} />
      {props.done ? (
        <Notice>
          <p>{props.done}</p>
        </Notice>
      ) : null}
      {view.pages.length === 0 ? <p>No pages yet.</p> : null}
      {view.canEdit && view.pages.length > 1 ? (
        <p class="a-meta">
          Move a page with its buttons, or drag its row before, after or onto another page.
        </p>
      ) : null}
      <Level view={view} csrf={person.csrf} pages={view.pages} parent={null} depth={0} />
      {view.canEdit ? (
        <AppForm action={`${base}/add`} csrf={person.csrf} label="Add a page at the end">
          <input
            type="hidden"
            name="place"
            value={placeValue({ into: null, at: view.pages.length })}
          />
          <Field id="f-new-top" name="title" label="New page's title" required maxlength={256} />
          <Submit label="Add a page at the end" />
        </AppForm>
      ) : null}
    </Shell>
  );
}

/** The confirmation before a page (and what is under it) is deleted. */
export function DeleteScreen(props: { person: SignedIn; view: TreeView; page: TreePage }) {
  const { view, page, person } = props;
  const base = pagesPath(view.spaceId, view.changeRequest.number);
  const below = descendantsOf(page);
  return (
    <Shell title={`Delete ${page.title}`} person={person} styles={["css/changes.css"]}>
      <h1>{`Delete ${page.title}?`}</h1>
      <p>
        {below > 0 ? `Its ${below} sub-page${below === 1 ? "" : "s"} go with it. ` : ""}
        The change request removes it; main keeps it until the change request is merged.
      </p>
      <AppForm
        action={`${base}/${encodeURIComponent(page.id)}/delete`}
        csrf={person.csrf}
        label={`Delete ${page.title}`}
      >
        <Submit label={`Delete ${page.title}`} kind="danger" />
      </AppForm>
      <p>
        <a href={base}>Keep it</a>
      </p>
    </Shell>
  );
}
