import type { GroupRow, SectionRow, SiteRow, SiteSpaceRow, SpaceRow } from "../db/schema";
import type { MemberRole } from "../lib/roles";
import type { Urls } from "../http/urls";
import type {
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  SiteStructure,
} from "../api/sites-structure";
import { presentSpace } from "./space";
import { publishedUrl, type SpacePlacement } from "./site";

/** A navigation item at the sections level: a section or a section group. */
type NavigationItem =
  | { type: "site-section"; row: SectionRow }
  | { type: "site-section-group"; row: GroupRow };

/**
 * The site structure the presenters read, as plain values (the services' site tree is one):
 * the rows, the spaces with the caller's role on each (and where each is published), the items of each level (null: the root)
 * and the site spaces of each container, in order, and the defaults.
 */
interface SiteNavigation {
  site: SiteRow;
  sections: readonly SectionRow[];
  spaces: ReadonlyMap<
    string,
    { space: SpaceRow; role: MemberRole | null; placement?: SpacePlacement }
  >;
  levels: ReadonlyMap<string | null, readonly NavigationItem[]>;
  containers: ReadonlyMap<string, readonly SiteSpaceRow[]>;
  defaultSection: string | null;
  defaultSiteSpaces: ReadonlyMap<string, string | null>;
}

/**
 * What the structure presenters read: the URL builders, the site's structure, the share key that
 * decorates published URLs, and an optional filter (visitor conditions) deciding which items are
 * shown.
 */
export interface StructureView {
  urls: Urls;
  tree: SiteNavigation;
  shareKey?: string;
  shows?: (condition: string | null) => boolean;
}

const childrenOf = (tree: SiteNavigation, groupId: string | null) => tree.levels.get(groupId) ?? [];
const siteSpacesIn = (tree: SiteNavigation, containerId: string) =>
  tree.containers.get(containerId) ?? [];

/** Whether a site space is its container's default (the one set, else the first one). */
export function isDefaultSiteSpace(view: StructureView, row: SiteSpaceRow): boolean {
  return view.tree.defaultSiteSpaces.get(row.containerId) === row.id;
}

/** Whether a section is the site's default section. */
function isDefaultSection(view: StructureView, row: SectionRow): boolean {
  return view.tree.defaultSection === row.id;
}

const shown = (view: StructureView, condition: string | null) =>
  view.shows ? view.shows(condition) : true;

/**
 * A site space with its Space; its published URL is the site's, plus the section path unless
 * the section is the default one, plus its own path unless it is the default site space.
 */
export function presentSiteSpace(view: StructureView, row: SiteSpaceRow): SiteSpace {
  const { urls, tree } = view;
  const { space, role, placement } = tree.spaces.get(row.spaceId)!;
  const section = row.sectionId ? tree.sections.find((s) => s.id === row.sectionId) : undefined;
  const isDefault = isDefaultSiteSpace(view, row);
  const segments = [
    ...(section && !isDefaultSection(view, section) ? [section.path] : []),
    ...(isDefault ? [] : [row.path]),
  ];
  const published = publishedUrl(urls, tree.site, segments, view.shareKey);
  return {
    object: "site-space",
    id: row.id,
    path: row.path,
    ...(row.sectionId ? { section: row.sectionId } : {}),
    space: presentSpace(urls, space, role, placement),
    title: row.title ?? space.title,
    default: isDefault,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    draft: false,
    urls: published ? { published } : {},
  };
}

/** A section with its site spaces (those the view shows), in order. */
export function presentSection(view: StructureView, row: SectionRow): SiteSection {
  const isDefault = isDefaultSection(view, row);
  const published = publishedUrl(
    view.urls,
    view.tree.site,
    isDefault ? [] : [row.path],
    view.shareKey,
  );
  return {
    object: "site-section",
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    default: isDefault,
    draft: false,
    path: row.path,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    ...(row.groupId !== null ? { sectionGroup: row.groupId } : {}),
    siteSpaces: siteSpacesIn(view.tree, row.id)
      .filter((ss) => shown(view, ss.condition))
      .map((ss) => presentSiteSpace(view, ss)),
    urls: published ? { published } : {},
    ...(row.icon !== null ? { icon: row.icon } : {}),
  };
}

/** A section group with its children (sections and nested groups), in order. */
export function presentSectionGroup(
  view: StructureView,
  row: GroupRow,
  seen: Set<string> = new Set(),
): SiteSectionGroup {
  seen.add(row.id);
  const children = childrenOf(view.tree, row.id).filter(
    (item) =>
      !seen.has(item.row.id) && (item.type !== "site-section" || shown(view, item.row.condition)),
  );
  const presented = children.map((item) =>
    item.type === "site-section"
      ? presentSection(view, item.row)
      : presentSectionGroup(view, item.row, seen),
  );
  return {
    object: "site-section-group",
    id: row.id,
    title: row.title,
    sections: presented.filter((item): item is SiteSection => item.object === "site-section"),
    ...(row.parentId !== null ? { sectionGroup: row.parentId } : {}),
    draft: false,
    children: presented,
    ...(row.icon !== null ? { icon: row.icon } : {}),
  };
}

/** The site's navigation: sections and groups when it has sections, else its site spaces. */
export function presentStructure(view: StructureView): SiteStructure {
  const { tree } = view;
  if (tree.sections.length === 0) {
    return {
      type: "siteSpaces",
      structure: siteSpacesIn(tree, tree.site.id)
        .filter((ss) => shown(view, ss.condition))
        .map((ss) => presentSiteSpace(view, ss)),
    };
  }
  return {
    type: "sections",
    structure: childrenOf(tree, null)
      .filter((item) => item.type !== "site-section" || shown(view, item.row.condition))
      .map((item) =>
        item.type === "site-section"
          ? presentSection(view, item.row)
          : presentSectionGroup(view, item.row),
      ),
  };
}
