import type { Child } from "hono/jsx";
import type { Collection, Space } from "../api/content-types";
import { collectionPath, orgPath, spacePath, type WorkspaceData } from "./workspace-data";
import { ASSETS_PATH, AccountNav, ShellHead, type ShellProps } from "./shell";

/**
 * The workspace frame: every screen inside an organization (its home, collections, spaces,
 * pages, change requests, settings) draws in it. A top bar (brand, the menu button on narrow
 * screens, the organization's search: a plain GET form, Ctrl/Cmd-K opens the search dialog when
 * scripts run, the account), a left sidebar (organization switcher, the collections and spaces
 * tree, the organization's screens) and the main area. Under 800 px the sidebar hides behind a
 * "Menu" link to `#ws-nav` (`:target` shows it), so it works without JavaScript.
 */

/** Which entry of the sidebar is the current screen. */
interface WorkspaceCurrent {
  space?: string;
  collection?: string;
  /** One of the organization's screens: "home", "search", "members", "sites"... */
  screen?: string;
}

/** What a screen hands the frame. */
export interface WorkspaceProps extends Omit<ShellProps, "narrow"> {
  person: NonNullable<ShellProps["person"]>;
  data: WorkspaceData;
  current?: WorkspaceCurrent;
  /** The search box's text (the results screen). */
  query?: string;
  children?: Child;
}

function SpaceLink(props: { space: Space; current?: WorkspaceCurrent }) {
  const { space } = props;
  const here = props.current?.space === space.id;
  return (
    <li>
      <a href={spacePath(space.id)} aria-current={here ? "page" : undefined}>
        {space.emoji ? <span aria-hidden="true">{`${space.emoji} `}</span> : null}
        {space.title}
      </a>
    </li>
  );
}

function CollectionNode(props: {
  collection: Collection;
  data: WorkspaceData;
  current?: WorkspaceCurrent;
  depth: number;
}) {
  const { collection, data, current } = props;
  const here = current?.collection === collection.id;
  const children = data.collections.filter((c) => c.parent === collection.id);
  const spaces = data.spaces.filter((s) => s.parent === collection.id);
  return (
    <li>
      <a
        href={collectionPath(data.org.id, collection.id)}
        aria-current={here ? "page" : undefined}
        class="a-ws-collection"
      >
        {collection.title}
      </a>
      {(children.length > 0 || spaces.length > 0) && props.depth < 8 ? (
        <ul>
          {children.map((child) => (
            <CollectionNode
              collection={child}
              data={data}
              current={current}
              depth={props.depth + 1}
            />
          ))}
          {spaces.map((space) => (
            <SpaceLink space={space} current={current} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The organization's own screens, by URL (each feature's screen owns its path). */
function orgScreens(data: WorkspaceData): Array<[string, string, string]> {
  const id = data.org.id;
  const screens: Array<[string, string, string]> = [
    ["home", "Home", orgPath(id)],
    ["search", "Search", orgPath(id, "/search")],
    ["members", "Members", orgPath(id, "/members")],
    ["teams", "Teams", orgPath(id, "/teams")],
    ["sites", "Sites", orgPath(id, "/sites")],
    ["integrations", "Integrations", orgPath(id, "/integrations")],
    ["openapi", "API specs", orgPath(id, "/openapi")],
  ];
  if (data.org.permissions?.admin) {
    screens.push(["settings", "Settings", `/org/${encodeURIComponent(id)}/settings/sign-in`]);
  }
  return screens;
}

function Sidebar(props: { data: WorkspaceData; current?: WorkspaceCurrent }) {
  const { data, current } = props;
  const topCollections = data.collections.filter((c) => !c.parent);
  const known = new Set(data.collections.map((c) => c.id));
  const topSpaces = data.spaces.filter((s) => !s.parent || !known.has(s.parent));
  return (
    <nav id="ws-nav" class="a-ws-side" aria-label="Workspace">
      <a class="a-ws-close" href="#content">
        Close menu
      </a>
      <details class="a-ws-switch">
        <summary>
          <span class="a-visually-hidden">Organization: </span>
          {data.org.title}
        </summary>
        <ul aria-label="Your organizations">
          {data.orgs.map((org) => (
            <li>
              <a href={orgPath(org.id)} aria-current={org.id === data.org.id ? "true" : undefined}>
                {org.title}
              </a>
            </li>
          ))}
          <li>
            <a href="/">All organizations</a>
          </li>
        </ul>
      </details>
      <ul class="a-ws-screens">
        {orgScreens(data).map(([key, label, href]) => (
          <li>
            <a href={href} aria-current={current?.screen === key ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
      <h2 class="a-ws-heading" id="ws-spaces">
        Spaces
      </h2>
      <ul class="a-ws-tree" aria-labelledby="ws-spaces">
        {topCollections.map((collection) => (
          <CollectionNode collection={collection} data={data} current={current} depth={0} />
        ))}
        {topSpaces.map((space) => (
          <SpaceLink space={space} current={current} />
        ))}
      </ul>
      {data.truncated ? (
        <p class="a-meta">
          <a href={orgPath(data.org.id)}>All spaces and collections</a>
        </p>
      ) : null}
    </nav>
  );
}

function TopBar(props: WorkspaceProps) {
  const { person, data } = props;
  return (
    <header class="a-ws-top">
      <a class="a-brand" href={orgPath(data.org.id)}>
        <img src={`${ASSETS_PATH}/favicon.svg`} alt="" width="24" height="24" />
        <span>Quire</span>
      </a>
      <a class="a-ws-menu" href="#ws-nav">
        Menu
      </a>
      <form class="a-ws-search" role="search" method="get" action={orgPath(data.org.id, "/search")}>
        <label for="ws-q" class="a-visually-hidden">
          {`Search ${data.org.title}`}
        </label>
        <input
          id="ws-q"
          name="q"
          type="search"
          value={props.query ?? ""}
          placeholder="Search… (Ctrl+K)"
          maxlength={512}
          autocomplete="off"
          data-org={data.org.id}
          aria-keyshortcuts="Control+K Meta+K"
        />
        <button type="submit" class="a-button a-button-secondary">
          Search
        </button>
      </form>
      <AccountNav person={person} />
    </header>
  );
}

/** The whole `<html>` of a screen inside an organization. */
export function Workspace(props: WorkspaceProps) {
  const modules = ["search", ...(props.modules ?? [])];
  const styles = ["css/workspace.css", ...(props.styles ?? [])];
  return (
    <html lang="en">
      <ShellHead {...props} modules={modules} styles={styles} />
      <body class="a-ws">
        <a class="a-skip-link" href="#content">
          Skip to content
        </a>
        <TopBar {...props} />
        <div class="a-ws-body">
          <Sidebar data={props.data} current={props.current} />
          <main id="content" class="a-ws-main" tabindex={-1}>
            {props.children}
          </main>
        </div>
      </body>
    </html>
  );
}
