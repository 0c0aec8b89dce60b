import { Hono, type Context } from "hono";
import type { ListPage } from "../../../api/types";
import { htmlResponse } from "../../../http/responses";
import type { ScreenEnv } from "../../../http/screen-env";
import { doneMessage, formAction, type Render } from "../../../http/form-action";
import { orgApiPath, param, personAndOrg } from "../actions";
import type { ShareLink, Site, SiteSection, SiteSpace, Space } from "../types";
import { siteListPage } from "./list-view";
import { sitePage } from "./site-view";
import { sitePreviewPage } from "./preview-view";

/**
 * The publishing screens: `/o/{orgId}/sites` (list, create) and `/o/{orgId}/sites/{siteId}`
 * (publish, settings, published spaces, sections, share links, delete), and its preview
 * (`…/preview`, the site's `urls.preview`). Every action is a form
 * post calling one `/v1` operation with the session's CSRF token; the API decides who may.
 */
export const siteRoutes = new Hono<ScreenEnv>();

const LIST = "/o/:org/sites";
const ONE = "/o/:org/sites/:site";

/** Spaces offered in the pickers (the first page of the organization's). */
const SPACE_PICKER = 100;

const DONE: Readonly<Record<string, string>> = {
  created: "The site is created.",
  deleted: "The site is deleted.",
  published: "The site is published.",
  unpublished: "The site is unpublished: only members can read it.",
  saved: "The settings are saved.",
  "space-added": "The space is published in the site.",
  "space-removed": "The space is removed from the site.",
  "section-added": "The section is added.",
  "section-removed": "The section is removed.",
  "link-created": "The share link is created. Copy its address below.",
  "link-changed": "The share link is changed.",
  "link-deleted": "The share link is deleted.",
};

/** The spaces of the organization a picker offers. */
async function pickerSpaces(c: Context<ScreenEnv>): Promise<Space[]> {
  const spaces = await c.var.api.get<ListPage<Space>>(`${orgApiPath(c)}/spaces`, {
    limit: SPACE_PICKER,
  });
  return spaces.items;
}

const renderList: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const page = c.req.query("page");
  const [sites, spaces] = await Promise.all([
    c.var.api.get<ListPage<Site>>(`${orgApiPath(c)}/sites`, { limit: 50, page }),
    loaded.org.permissions?.createContent ? pickerSpaces(c) : Promise.resolve([]),
  ]);
  return htmlResponse(
    siteListPage({ ...loaded, sites, spaces, done: doneMessage(c, DONE), ...extra }),
    status,
  );
};

/** The API path of the site of the request. */
function siteApiPath(c: Context<ScreenEnv>): string {
  return `${orgApiPath(c)}/sites/${param(c, "site")}`;
}

const renderSite: Render = async (c, extra, status = 200) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const api = c.var.api;
  const base = siteApiPath(c);
  const site = await api.get<Site>(base);
  const [siteSpaces, sections, shareLinks, spaces] = await Promise.all([
    api.get<ListPage<SiteSpace>>(`${base}/site-spaces`, { limit: 100 }),
    api.get<ListPage<SiteSection>>(`${base}/sections`, { limit: 100 }),
    api.get<ListPage<ShareLink>>(`${base}/share-links`, { limit: 100 }),
    site.permissions.create ? pickerSpaces(c) : Promise.resolve([]),
  ]);
  return htmlResponse(
    sitePage({
      ...loaded,
      site,
      siteSpaces: siteSpaces.items,
      sections: sections.items,
      shareLinks: shareLinks.items,
      spaces,
      done: doneMessage(c, DONE),
      ...extra,
    }),
    status,
  );
};

siteRoutes.get(LIST, (c) => renderList(c, {}));
siteRoutes.get(ONE, (c) => renderSite(c, {}));
siteRoutes.get(`${ONE}/preview`, async (c) => {
  const loaded = await personAndOrg(c);
  if (loaded instanceof Response) return loaded;
  const base = siteApiPath(c);
  const [site, siteSpaces] = await Promise.all([
    c.var.api.get<Site>(base),
    c.var.api.get<ListPage<SiteSpace>>(`${base}/site-spaces`, { limit: 100 }),
  ]);
  return htmlResponse(sitePreviewPage({ ...loaded, site, siteSpaces: siteSpaces.items }));
});

/** The app path of the site list / of the site of the request. */
const listPath = (c: Context<ScreenEnv>) => `/o/${param(c, "org")}/sites`;
const sitePath = (c: Context<ScreenEnv>) => `${listPath(c)}/${param(c, "site")}`;

formAction<Site>(siteRoutes, LIST, {
  done: "created",
  render: renderList,
  back: (c, site) => `${listPath(c)}/${encodeURIComponent(site.id)}`,
  call: (c, f) => {
    const space = f.text("space");
    return c.var.api.post<Site>(`${orgApiPath(c)}/sites`, {
      body: {
        title: f.text("title").trim(),
        visibility: f.text("visibility") || "public",
        ...(space ? { spaces: [space] } : {}),
      },
      csrf: f.csrf,
    });
  },
});

formAction(siteRoutes, `${ONE}/delete`, {
  done: "deleted",
  render: renderSite,
  back: listPath,
  call: (c, f) => c.var.api.delete(siteApiPath(c), { csrf: f.csrf }),
});

for (const verb of ["publish", "unpublish"] as const) {
  formAction(siteRoutes, `${ONE}/${verb}`, {
    done: `${verb}ed`,
    render: renderSite,
    back: sitePath,
    call: (c, f) => c.var.api.post(`${siteApiPath(c)}/${verb}`, { csrf: f.csrf }),
  });
}

formAction(siteRoutes, `${ONE}/settings`, {
  done: "saved",
  render: renderSite,
  back: sitePath,
  call: (c, f) => {
    const basename = f.text("basename").trim();
    return c.var.api.patch(siteApiPath(c), {
      body: {
        title: f.text("title").trim(),
        visibility: f.text("visibility"),
        ...(basename ? { basename } : {}),
      },
      csrf: f.csrf,
    });
  },
});

formAction(siteRoutes, `${ONE}/site-spaces`, {
  done: "space-added",
  render: renderSite,
  back: sitePath,
  call: (c, f) => {
    const sectionId = f.text("sectionId");
    return c.var.api.post(`${siteApiPath(c)}/site-spaces`, {
      body: { spaceId: f.text("spaceId"), ...(sectionId ? { sectionId } : {}) },
      csrf: f.csrf,
    });
  },
});

formAction(siteRoutes, `${ONE}/site-spaces/:item/delete`, {
  done: "space-removed",
  render: renderSite,
  back: sitePath,
  call: (c, f) =>
    c.var.api.delete(`${siteApiPath(c)}/site-spaces/${param(c, "item")}`, { csrf: f.csrf }),
});

formAction(siteRoutes, `${ONE}/sections`, {
  done: "section-added",
  render: renderSite,
  back: sitePath,
  call: (c, f) =>
    c.var.api.post(`${siteApiPath(c)}/sections`, {
      body: { spaceId: f.text("spaceId"), title: f.text("title").trim() },
      csrf: f.csrf,
    }),
});

formAction(siteRoutes, `${ONE}/sections/:item/delete`, {
  done: "section-removed",
  render: renderSite,
  back: sitePath,
  call: (c, f) =>
    c.var.api.delete(`${siteApiPath(c)}/sections/${param(c, "item")}`, { csrf: f.csrf }),
});

formAction(siteRoutes, `${ONE}/share-links`, {
  done: "link-created",
  render: renderSite,
  back: sitePath,
  call: (c, f) =>
    c.var.api.post(`${siteApiPath(c)}/share-links`, {
      body: { name: f.text("name").trim() },
      csrf: f.csrf,
    }),
});

formAction(siteRoutes, `${ONE}/share-links/:item/active`, {
  done: "link-changed",
  render: renderSite,
  back: sitePath,
  call: (c, f) =>
    c.var.api.patch(`${siteApiPath(c)}/share-links/${param(c, "item")}`, {
      body: { active: f.text("active") === "yes" },
      csrf: f.csrf,
    }),
});

formAction(siteRoutes, `${ONE}/share-links/:item/delete`, {
  done: "link-deleted",
  render: renderSite,
  back: sitePath,
  call: (c, f) =>
    c.var.api.delete(`${siteApiPath(c)}/share-links/${param(c, "item")}`, { csrf: f.csrf }),
});
