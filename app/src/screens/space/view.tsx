import { SpaceCrumbs } from "../../layout/space-crumbs";
import { raw } from "hono/html";
import type { TreePage } from "../../api/content-types";
import type { TocEntry } from "../../../../core/render/model";
import { historyPath } from "../revisions/paths";
import { safeHref } from "../../../../core/links/safe-href";
import { emojiOf } from "../../../../core/render/emoji";
import { Workspace } from "../../layout/workspace";
import { spacePath } from "../../layout/workspace-data";
import type { SignedIn } from "../../session/session";
import { CsrfField } from "../../layout/shell";
import { liveEditable, type SpaceScreenData } from "./load";
import { EditorMount } from "../editor/mount";

/**
 * The space and page screens inside the workspace frame: the space's page tree (the current page
 * marked, its branch open; hidden pages shown and labelled, as editors see them), the
 * breadcrumbs, the page's title, description and document (the shared renderer's HTML, from
 * core/render), and its on-page contents. Plain links and `<details>`: it reads without scripts.
 * In a space whose edit mode is live, an editor is offered "Edit live": the same screen with the
 * page's document in the block editor, bound to the page's live room on main.
 */

/** Deepest level of the tree drawn (the API's trees are shallower). */
const MAX_TREE_DEPTH = 12;

function PageLabel(props: { page: TreePage }) {
  const emoji = props.page.emoji ? emojiOf(props.page.emoji) : "";
  return (
    <>
      {emoji ? <span aria-hidden="true">{`${emoji} `}</span> : null}
      {props.page.title || "Untitled"}
      {props.page.hidden ? <span class="a-meta"> (hidden)</span> : null}
    </>
  );
}

/** Where a page of the tree links to, by its path (a space's page, or a page of a revision). */
type PageHref = (path: string) => string;

function TreeEntry(props: { page: TreePage; href: PageHref; current?: string; depth: number }) {
  const { page, href: hrefOf, current, depth } = props;
  const children = Array.isArray(page.pages) ? page.pages : [];
  const here = page.id === current;
  let label;
  if (page.type === "link") {
    const href = page.href ? safeHref(page.href, "link") : null;
    label = href ? (
      <a href={href} rel="noopener">
        <PageLabel page={page} />
        <span class="a-visually-hidden"> (link)</span>
      </a>
    ) : (
      <span>
        <PageLabel page={page} />
      </span>
    );
  } else if (page.type === "group") {
    label = (
      <span class="a-sp-group">
        <PageLabel page={page} />
      </span>
    );
  } else {
    label = (
      <a href={hrefOf(page.path ?? "")} aria-current={here ? "page" : undefined}>
        <PageLabel page={page} />
      </a>
    );
  }
  return (
    <li>
      {label}
      {children.length > 0 && depth < MAX_TREE_DEPTH ? (
        <ul>
          {children.map((child) => (
            <TreeEntry page={child} href={hrefOf} current={current} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A page tree (the current page marked), its links made by `href`. */
export function PageTree(props: {
  pages: TreePage[];
  label: string;
  href: PageHref;
  current?: string;
}) {
  return (
    <nav class="a-sp-tree" aria-label={props.label}>
      {props.pages.length === 0 ? (
        <p class="a-meta">No pages yet.</p>
      ) : (
        <ul>
          {props.pages.map((page) => (
            <TreeEntry page={page} href={props.href} current={props.current} depth={0} />
          ))}
        </ul>
      )}
    </nav>
  );
}

function Breadcrumbs(props: { data: SpaceScreenData }) {
  const { data } = props;
  const ancestors = (data.placed?.ancestors ?? []).map((page) => ({
    label: page.title,
    href:
      page.type === "group" || page.path === undefined ? null : spacePath(data.space.id, page.path),
  }));
  const trail = data.page ? [...ancestors, { label: data.page.title }] : ancestors;
  return <SpaceCrumbs space={data.space} trail={trail} />;
}

/** A page's on-page contents. */
export function OnThisPage(props: { toc: TocEntry[] }) {
  const { toc } = props;
  if (toc.length === 0) return null;
  return (
    <nav class="a-sp-toc" aria-label="On this page">
      <h2 class="a-ws-heading">On this page</h2>
      <ul>
        {toc.map((entry) => (
          <li class={`a-sp-toc-${entry.depth}`}>
            <a href={`#${encodeURIComponent(entry.id)}`}>{entry.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page's body: its rendered document, or (editing in place) the editor on its live room. */
function PageBody(props: { person: SignedIn; data: SpaceScreenData; editorJson?: unknown }) {
  const { data } = props;
  const page = data.page!;
  if (props.editorJson === undefined) {
    return <div class="a-sp-document">{raw(page.html)}</div>;
  }
  const here = spacePath(data.space.id, data.placed?.page.path ?? "");
  return (
    <>
      <p class="a-sp-live">
        Editing live on the space: everyone here sees each change, and it is saved as you type.{" "}
        <a href={here}>Done editing</a>
      </p>
      <EditorMount
        person={props.person}
        spaceId={data.space.id}
        changeRequestId={null}
        page={{ id: page.id, title: page.title }}
        canEdit
        editorJson={props.editorJson}
      />
    </>
  );
}

/**
 * "Edit": the person's draft change request of the space (or a new one) at this page, for those
 * who may edit an unlocked space (screens/changes/edit-action.ts); a form, so it works without
 * JavaScript.
 */
function EditForm(props: { person: SignedIn; data: SpaceScreenData; editing: boolean }) {
  const { data } = props;
  const locked = data.space.editMode === "locked";
  if (props.editing || locked || data.space.permissions?.edit !== true) return null;
  return (
    <form method="post" action={`/s/${encodeURIComponent(data.space.id)}/~/edit`} class="a-sp-edit">
      <CsrfField token={props.person.csrf} />
      <input type="hidden" name="page" value={data.placed?.page.path ?? ""} />
      <button type="submit" class="a-button a-button-secondary">
        Edit in a change request
      </button>
    </form>
  );
}

/** "Edit live", where the person may edit the page in place (and is not doing so already). */
function EditLiveLink(props: { data: SpaceScreenData; editing: boolean }) {
  if (props.editing || !liveEditable(props.data)) return null;
  const here = spacePath(props.data.space.id, props.data.placed?.page.path ?? "");
  return (
    <>
      <a href={`${here}?edit=live`}>Edit live</a>
      {" · "}
    </>
  );
}

/**
 * The whole screen of a space (its first page) or of one of its pages; with `editorJson`, the
 * page edited in place.
 */
export function SpaceScreen(props: {
  person: SignedIn;
  data: SpaceScreenData;
  editorJson?: unknown;
}) {
  const { data } = props;
  const editing = props.editorJson !== undefined;
  const title = data.page ? `${data.page.title} · ${data.space.title}` : data.space.title;
  return (
    <Workspace
      title={editing ? `Edit ${title}` : title}
      person={props.person}
      data={data.workspace}
      current={{ space: data.space.id }}
      styles={editing ? ["css/space.css", "css/editor.css"] : ["css/space.css"]}
      modules={editing ? ["editor"] : []}
    >
      <div class="a-sp">
        <PageTree
          pages={data.tree}
          label={`Pages of ${data.space.title}`}
          href={(path) => spacePath(data.space.id, path)}
          current={data.placed?.page.id}
        />
        <article class="a-sp-page">
          <Breadcrumbs data={data} />
          {data.page ? (
            <>
              <h1>
                {data.page.emoji ? <span aria-hidden="true">{`${data.page.emoji} `}</span> : null}
                {data.page.title}
              </h1>
              {data.page.description ? (
                <p class="a-sp-description">{data.page.description}</p>
              ) : null}
              <PageBody person={props.person} data={data} editorJson={props.editorJson} />
              <EditForm person={props.person} data={data} editing={editing} />
              <p class="a-sp-history">
                <EditLiveLink data={data} editing={editing} />
                <a href={historyPath(data.space.id, data.placed?.page.id)}>History of this page</a>
                {" · "}
                <a href={historyPath(data.space.id)}>History of the space</a>
                <PermissionsLink space={data.space} />
              </p>
            </>
          ) : (
            <>
              <h1>{data.space.title}</h1>
              <p>This space has no pages yet.</p>
              <EditForm person={props.person} data={data} editing={editing} />
              <p class="a-sp-history">
                <a href={historyPath(data.space.id)}>History of the space</a>
                <PermissionsLink space={data.space} />
              </p>
            </>
          )}
        </article>
        <OnThisPage toc={data.page?.toc ?? []} />
      </div>
    </Workspace>
  );
}

/** "Permissions", for those who may manage who has access to the space. */
function PermissionsLink(props: { space: { id: string; permissions?: Record<string, boolean> } }) {
  if (props.space.permissions?.admin !== true) return null;
  return (
    <>
      {" · "}
      <a href={`/s/${encodeURIComponent(props.space.id)}/~/permissions`}>Permissions</a>
    </>
  );
}
