// The demo's published site: a space "Demo docs" (a few markdown pages and one image) published,
// public, by a site "Demo site" in the demo organization. Written through the API of the running
// `npm run dev` with the demo token, not through SQL: pages, Documents, files in R2, the search
// index and the site's publication are the services' own rules, and writing them a second time
// in SQL would give each rule two homes. Running it again changes nothing. Node only.
import { apiClient, drawnPng } from "./api-client.mjs";

/** What the demo site is made of; fixed, so every run finds what the previous one made. */
const DEMO_SITE = { spaceTitle: "Demo docs", siteTitle: "Demo site" };

/** A small PNG (a banner in two colours), encoded here so the demo carries no binary file. */
function demoPng(width = 240, height = 60) {
  return drawnPng(width, height, (x, y) => {
    const ink = y > 18 && y < 42 && x > 20 && x < width - 20 && (x >> 3) % 2 === 0;
    return ink ? [255, 255, 255] : [52, 90, 200];
  });
}

/**
 * The pages, in order; `{{banner}}` becomes the uploaded image's file reference. A body starts
 * below its title (renderers show the page title as its heading).
 */
function demoPages(banner) {
  const welcome = [
    `![Quire demo banner](/files/${banner} "The demo banner")`,
    "",
    "This site is published by `npm run dev`: a public **Quire** site anyone can read.",
    "",
    "## What is here",
    "",
    "- a page with a code block and a table",
    "- a page nested under it",
    "- this page's hint, below",
    "",
    '{% hint style="info" %}',
    "Resolve this page's URL with `POST /v1/urls/published` and read it with the site token.",
    "{% endhint %}",
    "",
  ].join("\n");
  const install = [
    "Install the command line and check it runs:",
    "",
    "```sh",
    "npm install --global quire-demo",
    "quire-demo --version",
    "```",
    "",
    "## Requirements",
    "",
    "| Platform | Minimum version |",
    "| -------- | --------------- |",
    "| Node     | 20.19           |",
    "| npm      | 10              |",
    "",
  ].join("\n");
  const configure = [
    "1. Create `quire.json` next to your project.",
    "2. Set `site` to your site's id.",
    "3. Run `quire-demo build`.",
    "",
    '{% hint style="warning" %}',
    "Keep tokens out of `quire.json`: use an environment variable.",
    "{% endhint %}",
    "",
  ].join("\n");
  return [
    { operation: "insert_page", title: "Welcome", document: { markdown: welcome } },
    { operation: "insert_page", ref: "install", title: "Install", document: { markdown: install } },
    {
      operation: "insert_page",
      into: "install",
      title: "Configure",
      document: { markdown: configure },
    },
  ];
}

/** Every item of a list operation (following `next.page`). */
async function listAll(api, path) {
  const items = [];
  let page = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const body = await api(
      "GET",
      `${path}${sep}limit=100${page ? `&page=${encodeURIComponent(page)}` : ""}`,
    );
    items.push(...body.items);
    page = body.next?.page ?? null;
  } while (page);
  return items;
}

/** The demo space with its pages: created, or completed when an earlier run stopped half-way. */
async function ensureSpace(api, orgId) {
  const spaces = await listAll(api, `/orgs/${orgId}/spaces`);
  const space =
    spaces.find((s) => s.title === DEMO_SITE.spaceTitle) ??
    (await api("POST", `/orgs/${orgId}/spaces`, { title: DEMO_SITE.spaceTitle }));
  const content = await api("GET", `/spaces/${space.id}/content/pages`);
  if (content.pages.length > 0) return { space, created: false };
  const cr = await api("POST", `/spaces/${space.id}/change-requests`, { subject: "Demo pages" });
  const batch = `/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`;
  const png = demoPng().toString("base64");
  const files = await api("POST", batch, {
    changes: [
      {
        operation: "insert_files",
        files: [{ name: "banner.png", contentType: "image/png", base64: png }],
      },
    ],
  });
  await api("POST", batch, { changes: demoPages(files.insertedFiles[0].id) });
  await api("POST", `/spaces/${space.id}/change-requests/${cr.id}/merge`);
  return { space, created: true };
}

/** The demo site publishing the space, public and published. */
async function ensureSite(api, orgId, spaceId) {
  const sites = await listAll(api, `/orgs/${orgId}/sites`);
  let site = sites.find((s) => s.title === DEMO_SITE.siteTitle);
  const created = !site;
  site ??= await api("POST", `/orgs/${orgId}/sites`, {
    title: DEMO_SITE.siteTitle,
    visibility: "public",
    spaces: [spaceId],
  });
  if (site.visibility !== "public") {
    site = await api("PATCH", `/orgs/${orgId}/sites/${site.id}`, { visibility: "public" });
  }
  if (!site.published) site = await api("POST", `/orgs/${orgId}/sites/${site.id}/publish`);
  return { site, created };
}

/**
 * Makes sure the demo's published site exists on the server at `base` (e.g.
 * http://localhost:8787), through its API with the demo token. Answers the site, the space and
 * the site's published URL and the path of one page under it.
 */
export async function seedDemoSite({ base, token, organizationId }) {
  const api = apiClient(base, token);
  const { space, created: spaceCreated } = await ensureSpace(api, organizationId);
  const { site, created: siteCreated } = await ensureSite(api, organizationId, space.id);
  const published = (await api("GET", `/orgs/${organizationId}/sites/${site.id}`)).urls.published;
  if (!published) throw new Error(`the demo site ${site.id} is not published`);
  return { site, space, published, pagePath: "install", created: spaceCreated || siteCreated };
}
