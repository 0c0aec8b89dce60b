import type { NavItem } from "../model";
import type { TocEntry } from "../../../core/render/model";

/**
 * The page's navigation: the page tree in the sidebar (groups as headings, pages as links, a
 * page with pages under it gets a disclosure open on the current branch, link items marked as
 * external; on narrow screens the tree sits in a "Menu" disclosure that works without
 * JavaScript), and "On this page", the page's headings as anchors.
 */

/** Emoji and title of an entry (the emoji is decoration: the title names it). */
function Label(props: { item: NavItem }) {
  return (
    <>
      {props.item.emoji ? (
        <span class="q-emoji" aria-hidden="true">
          {props.item.emoji}
        </span>
      ) : null}
      {props.item.title}
    </>
  );
}

/** True when a link goes to another host (absolute URL). */
function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}

/** A link item of the tree. */
function LinkEntry(props: { item: NavItem }) {
  const { item } = props;
  if (!item.href) return <span class="q-nav-text">{item.title}</span>;
  const external = isExternal(item.href);
  return (
    <a
      class="q-nav-link"
      href={item.href}
      {...(external ? { rel: "noopener noreferrer", "data-q-external": "" } : {})}
    >
      <Label item={item} />
      {external ? (
        <span class="q-external">
          <span aria-hidden="true"> ↗</span>
          <span class="q-visually-hidden"> (external link)</span>
        </span>
      ) : null}
    </a>
  );
}

/** A page entry: its link, then its children behind a disclosure. */
function PageEntry(props: { item: NavItem }) {
  const { item } = props;
  const link = item.href ? (
    <a class="q-nav-link" href={item.href} aria-current={item.active ? "page" : undefined}>
      <Label item={item} />
    </a>
  ) : (
    <span class="q-nav-text">
      <Label item={item} />
    </span>
  );
  if (item.children.length === 0) return <li class="q-nav-item">{link}</li>;
  return (
    <li class="q-nav-item q-nav-parent">
      {link}
      <details class="q-nav-children" open={item.open === true}>
        <summary class="q-nav-toggle">
          <span class="q-visually-hidden">Pages under {item.title}</span>
        </summary>
        <NavList items={item.children} />
      </details>
    </li>
  );
}

/** One entry of the tree, by kind. */
function NavEntry(props: { item: NavItem }) {
  const { item } = props;
  if (item.kind === "group") {
    return (
      <li class="q-nav-group">
        <h2 class="q-nav-heading">
          <Label item={item} />
        </h2>
        {item.children.length > 0 ? <NavList items={item.children} /> : null}
      </li>
    );
  }
  if (item.kind === "link") {
    return (
      <li class="q-nav-item">
        <LinkEntry item={item} />
      </li>
    );
  }
  return <PageEntry item={item} />;
}

/** A level of the tree. */
function NavList(props: { items: NavItem[] }) {
  return (
    <ul class="q-nav-list">
      {props.items.map((item) => (
        <NavEntry item={item} />
      ))}
    </ul>
  );
}

/** The sidebar: the "Menu" disclosure around the page tree (nothing when the tree is empty). */
export function Sidebar(props: { nav: NavItem[] }) {
  if (props.nav.length === 0) return null;
  return (
    <details class="q-menu" open>
      <summary class="q-button q-menu-button">Menu</summary>
      <nav class="q-nav" aria-label="Pages">
        <NavList items={props.nav} />
      </nav>
    </details>
  );
}

/** The fewest headings that earn a table of contents. */
export const TOC_MIN_ENTRIES = 2;

/** The on-page table of contents. */
export function Toc(props: { entries: TocEntry[] }) {
  if (props.entries.length < TOC_MIN_ENTRIES) return null;
  return (
    <nav class="q-toc" aria-label="On this page">
      <h2 class="q-toc-title">On this page</h2>
      <ul class="q-toc-list">
        {props.entries.map((entry) => (
          <li class={`q-toc-item q-toc-depth-${Math.min(Math.max(entry.depth, 1), 3)}`}>
            <a href={`#${entry.id}`}>{entry.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
