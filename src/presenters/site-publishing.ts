import type { PublishedSite, PublishingAuth } from "../api/sites-publishing";
import type { Site } from "../api/sites";
import { presentSite } from "./site";
import { presentStructure, type StructureView } from "./site-structure";
import type { AdaptiveSchemaRow, SiteAuthRow } from "../db/schema";

/**
 * The customization every published site reports: sites have no customization settings here,
 * so the official required fields carry fixed defaults (see docs/compat-notes/sites.md).
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
  trademark: { enabled: true },
  externalLinks: { target: "self" },
  pagination: { enabled: true },
  pageActions: { items: [] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: false },
} as const;

/**
 * The published profile of a site: the Site (as the caller may see it) and its structure,
 * filtered by the view's visitor conditions, with the fixed default customizations.
 */
export function presentPublishedSite(
  view: StructureView,
  permissions: Site["permissions"],
): PublishedSite {
  return {
    object: "published-content-site",
    site: presentSite(view.urls, view.tree.site, permissions, view.shareKey),
    structure: presentStructure(view),
    customizations: { site: DEFAULT_CUSTOMIZATION, siteSpaces: {} },
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
