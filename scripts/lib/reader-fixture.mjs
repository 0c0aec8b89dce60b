// The reader's browser-test fixture, written through the API of a fresh server with a token, the
// way a publisher would: an OpenAPI spec (public), an English space whose "Every block" page holds
// every Document block type (test-browser/fixtures/every-block.json), nested and hidden pages, an
// image and a text file; a French variant and a second section; a public site, a share-link site
// and a visitor-auth site whose login is `loginUrl` (scripts/browser-tests.mjs starts
// it). Node only.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { apiClient, drawnPng } from "./api-client.mjs";
import { ROOT } from "./root.mjs";

const FIXTURES = resolve(ROOT, "test-browser/fixtures");
/** The spec slug the every-block document's openapi-operation block points at. */
const SPEC_SLUG = "petstore";
/** Pixel size of the fixture image. */
const IMAGE_SIZE = { width: 320, height: 120 };

/** A PNG of `width`×`height` in two colours (stripes), encoded here: no binary file in git. */
function stripedPng({ width, height }) {
  return drawnPng(width, height, (x, y) =>
    ((x + y) >> 4) % 2 === 0 ? [31, 95, 168] : [230, 238, 250],
  );
}

/** The petstore spec, stored as text, processed and made public. */
async function seedSpec(api, orgId) {
  const text = readFileSync(resolve(FIXTURES, "petstore.json"), "utf8");
  await api("PUT", `/orgs/${orgId}/openapi/${SPEC_SLUG}`, { source: { text } });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const spec = await api("GET", `/orgs/${orgId}/openapi/${SPEC_SLUG}`);
    if (spec.processingState === "complete") break;
    if (Date.now() > deadline) throw new Error(`spec ${SPEC_SLUG} still ${spec.processingState}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await api("PATCH", `/orgs/${orgId}/openapi/${SPEC_SLUG}`, { visibility: "public" });
}

/** Applies `batches` (arrays of changes) in one change request, merges it, answers the batches' results. */
async function changeRequest(api, spaceId, subject, batches) {
  const cr = await api("POST", `/spaces/${spaceId}/change-requests`, { subject });
  const path = `/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`;
  const results = [];
  for (const changes of batches) results.push(await api("POST", path, { changes }));
  await api("POST", `/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  return results;
}

/** The pages of a space's current revision, flat, by title. */
async function pagesByTitle(api, spaceId) {
  const byTitle = new Map();
  const walk = (pages) => {
    for (const page of pages) {
      byTitle.set(page.title, page);
      walk(page.pages ?? []);
    }
  };
  walk((await api("GET", `/spaces/${spaceId}/content/pages`)).pages);
  return byTitle;
}

const md = (markdown) => ({ markdown });

/** The English space: guide pages, then the every-block page that links to them. */
async function seedEnglishSpace(api, orgId) {
  const space = await api("POST", `/orgs/${orgId}/spaces`, {
    title: "Reader guide",
    language: "en",
  });
  const png = stripedPng(IMAGE_SIZE).toString("base64");
  const notes = Buffer.from("Release notes\n\n2.0: the reader.\n").toString("base64");
  const [files] = await changeRequest(api, space.id, "Guide pages", [
    [
      {
        operation: "insert_files",
        files: [
          { name: "stripes.png", contentType: "image/png", base64: png },
          { name: "release-notes.txt", contentType: "text/plain", base64: notes },
        ],
      },
    ],
    [
      {
        operation: "insert_page",
        ref: "install",
        title: "Install",
        description: "Install the command line.",
        document: md(
          "Install the command line with **npm**:\n\n```sh\nnpm install quire-demo\n```\n",
        ),
      },
      {
        operation: "insert_page",
        into: "install",
        title: "Configure",
        document: md("Configure the widget with `quire.json`.\n\n## Options\n\nEvery option."),
      },
      {
        operation: "insert_page",
        title: "Hidden notes",
        hidden: true,
        document: md("A hidden page: reachable by its address, not listed."),
      },
    ],
  ]);
  const [image, file] = files.insertedFiles.map((f) => f.id);
  const install = (await pagesByTitle(api, space.id)).get("Install");
  const text = readFileSync(resolve(FIXTURES, "every-block.json"), "utf8")
    .replaceAll("{{image}}", image)
    .replaceAll("{{file}}", file)
    .replaceAll("{{page:install}}", install.id)
    .replaceAll("{{spec}}", SPEC_SLUG);
  await changeRequest(api, space.id, "Every block", [
    [
      {
        operation: "insert_page",
        at: 0,
        title: "Every block",
        description: "Each block type of a GitBook document, rendered.",
        document: { document: JSON.parse(text) },
      },
    ],
  ]);
  return { space, image, file, pages: await pagesByTitle(api, space.id) };
}

/** A small space of markdown pages. */
async function seedSmallSpace(api, orgId, title, language, pages) {
  const space = await api("POST", `/orgs/${orgId}/spaces`, { title, language });
  const changes = pages.map(([pageTitle, markdown]) => ({
    operation: "insert_page",
    title: pageTitle,
    document: md(markdown),
  }));
  await changeRequest(api, space.id, title, [changes]);
  return space;
}

/** A published site of `spaces` with `visibility`; answers the site as the API shows it. */
async function publishSite(api, orgId, title, visibility, spaces) {
  const site = await api("POST", `/orgs/${orgId}/sites`, { title, visibility, spaces });
  await api("POST", `/orgs/${orgId}/sites/${site.id}/publish`);
  return site;
}

/** The site's published URL (no trailing slash). */
async function publishedUrl(api, orgId, siteId) {
  const site = await api("GET", `/orgs/${orgId}/sites/${siteId}`);
  if (!site.urls.published) throw new Error(`site ${siteId} has no published URL`);
  return site.urls.published.replace(/\/+$/, "");
}

/**
 * Seeds the whole fixture on the API at `base` for the organization `orgId`. `loginUrl` is the
 * visitor-auth site's login (fallback URL). Answers what the tests open.
 */
export async function seedReaderFixture({ base, token, orgId, loginUrl }) {
  const api = apiClient(base, token);
  // Independent writes go together: the run's start-up time is mostly this.
  const [, en, fr, reference] = await Promise.all([
    seedSpec(api, orgId),
    seedEnglishSpace(api, orgId),
    seedSmallSpace(api, orgId, "Guide du lecteur", "fr", [
      ["Bienvenue", "Une page en français.\n\n## Installer\n\nAvec npm."],
    ]),
    seedSmallSpace(api, orgId, "API reference", "en", [
      ["Overview", "The API answers JSON.\n\n## Authentication\n\nA bearer token."],
    ]),
  ]);
  const [siteUrl, shareLink, visitorAuth] = await Promise.all([
    seedPublicSite(api, orgId, { en: en.space.id, fr: fr.id, reference: reference.id }),
    seedSharedSite(api, orgId, en.space.id),
    seedGuardedSite(api, orgId, en.space.id, loginUrl),
  ]);
  return {
    site: { url: siteUrl },
    pages: Object.fromEntries([...en.pages].map(([title, page]) => [title, page.path])),
    image: { id: en.image, ...IMAGE_SIZE },
    shareLink,
    visitorAuth,
  };
}

/** The public site: the guide (en, fr variants) and a second section, the reference. */
async function seedPublicSite(api, orgId, spaces) {
  const site = await api("POST", `/orgs/${orgId}/sites`, {
    title: "Reader fixture",
    visibility: "public",
    spaces: [spaces.en],
  });
  const sections = `/orgs/${orgId}/sites/${site.id}/sections`;
  const guide = await api("POST", sections, { spaceId: spaces.en, title: "Guide" });
  await api("POST", sections, { spaceId: spaces.reference, title: "Reference" });
  await api("POST", `/orgs/${orgId}/sites/${site.id}/site-spaces`, {
    spaceId: spaces.fr,
    sectionId: guide.id,
  });
  await api("POST", `/orgs/${orgId}/sites/${site.id}/publish`);
  return publishedUrl(api, orgId, site.id);
}

/** The share-link site and its key. */
async function seedSharedSite(api, orgId, spaceId) {
  const site = await publishSite(api, orgId, "Shared fixture", "share-link", [spaceId]);
  const link = await api("POST", `/orgs/${orgId}/sites/${site.id}/share-links`, {
    name: "Browser tests",
  });
  return {
    url: await publishedUrl(api, orgId, site.id),
    // The key is only shown inside the link's published URL (`…?share=<key>`).
    link: link.urls.published,
    key: new URL(link.urls.published).searchParams.get("share"),
  };
}

/** The visitor-auth site, its login (`loginUrl`) and its signing key. */
async function seedGuardedSite(api, orgId, spaceId, loginUrl) {
  const site = await publishSite(api, orgId, "Guarded fixture", "visitor-auth", [spaceId]);
  const auth = await api("PATCH", `/orgs/${orgId}/sites/${site.id}/publishing/auth`, {
    backend: "custom",
    fallbackURL: loginUrl,
  });
  return { url: await publishedUrl(api, orgId, site.id), key: auth.privateKey };
}
