import type { PublishedSite, PublishingAuth } from "../api/sites-publishing";
import type { Site } from "../api/sites";
import type { SiteStructure } from "../api/sites-structure";
import { presentSite } from "./site";
import { presentStructure, type StructureView } from "./site-structure";
import type { AdaptiveSchemaRow, SiteAuthRow } from "../db/schema";

/**
 * The customization every published site reports: sites have no customization settings here,
 * so the official required fields carry fixed defaults (see docs/compat-notes/sites.md). The
 * trademark is off: GitBook's renderer shows "Powered by GitBook" when it is on.
 */
const DEFAULT_CUSTOMIZATION = {
  styling: {
    theme: "clean",
    primaryColor: { light: "#346DDB", dark: "#346DDB" },
    infoColor: { light: "#787878", dark: "#787878" },
    successColor: { light: "#00C950", dark: "#00C950" },
    warningColor: { light: "#FE9A00", dark: "#FE9A00" },
    dangerColor: { light: "#FB2C36", dark: "#FB2C36" },
    corners: "rounded",
    depth: "subtle",
    links: "default",
    font: "Inter",
    monospaceFont: "IBMPlexMono",
    codeTheme: {
      default: { light: "default-light", dark: "default-dark" },
      openapi: { light: "default-light", dark: "default-dark" },
    },
    background: "plain",
    icons: "regular",
    sidebar: { background: "default", list: "default" },
    search: "subtle",
  },
  internationalization: { locale: "en" },
  favicon: {},
  header: { preset: "default", links: [] },
  footer: { groups: [] },
  themes: { default: "system", toggeable: true },
  feedback: { enabled: false },
  ai: { mode: "none" },
  advancedCustomization: { enabled: false },
  trademark: { enabled: false },
  externalLinks: { target: "self" },
  pagination: { enabled: true },
  pageActions: { items: [] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: false },
} as const;

/** A presented section or group, as far as finding its site spaces needs (groups nest). */
interface Branch {
  object: string;
  siteSpaces?: readonly { id: string }[];
  children?: readonly unknown[];
}

/** The ids of the site spaces a presented structure shows, wherever they sit in it. */
function siteSpaceIdsOf(structure: SiteStructure): string[] {
  if (structure.type === "siteSpaces") return structure.structure.map((ss) => ss.id);
  const ids: string[] = [];
  const visit = (item: Branch) => {
    if (item.object === "site-section") ids.push(...(item.siteSpaces ?? []).map((ss) => ss.id));
    else (item.children ?? []).forEach((child) => visit(child as Branch));
  };
  structure.structure.forEach(visit);
  return ids;
}

/**
 * The published profile of a site: the Site (as the caller may see it) and its structure,
 * filtered by the view's visitor conditions, with the fixed default customizations: the site's,
 * and the same for every site space the structure shows, keyed by its id (GitBook's renderer
 * looks a site space's customization up there and logs a warning when it is missing).
 */
export function presentPublishedSite(
  view: StructureView,
  permissions: Site["permissions"],
): PublishedSite {
  const structure = presentStructure(view);
  const siteSpaces = Object.fromEntries(
    siteSpaceIdsOf(structure).map((id) => [id, DEFAULT_CUSTOMIZATION]),
  );
  return {
    object: "published-content-site",
    site: presentSite(view.urls, view.tree.site, permissions, view.shareKey),
    structure,
    customizations: { site: DEFAULT_CUSTOMIZATION, siteSpaces },
    scripts: [],
  };
}

/** The official SiteAdaptiveSchema object. */
export function presentAdaptiveSchema(row: AdaptiveSchemaRow) {
  return {
    object: "site-adaptive-schema" as const,
    jsonSchema: row.jsonSchema,
    updatedAt: row.updatedAt,
  };
}

/** The official SitePublishingAuth object: the backend, the signing key and the URLs. */
export function presentPublishingAuth(row: SiteAuthRow): PublishingAuth {
  return {
    object: "publishing-auth",
    backend: row.backend,
    privateKey: row.privateKey,
    ...(row.fallbackUrl !== null ? { fallbackURL: row.fallbackUrl } : {}),
    ...(row.logoutUrl !== null ? { logoutURL: row.logoutUrl } : {}),
  };
}
