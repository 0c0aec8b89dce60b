import { strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { crTree } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg, testDb } from "../helpers/factories";
import {
  exportEntries,
  importFiles,
  uploadImportFile,
  zipOf,
} from "../helpers/spaces-io-factories";
import { eq } from "drizzle-orm";
import { importRuns, siteRedirects } from "../../src/db/schema";
import { makeSite, readSiteSpaces } from "../helpers/sites-factories";

const PNG = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (ch) => ch.charCodeAt(0),
);

/** A small GitBook repository: groups, nesting, a link entry, relative links, an image. */
const REPO = {
  ".gitbook.yaml": "root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n",
  "SUMMARY.md":
    "# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n* [GitBook](https://www.gitbook.com)\n\n## Reference\n\n* [API](reference/api.md)\n",
  "README.md":
    '# Welcome\n\nRead [the install](guide/install.md#steps).\n\n<figure><img src=".gitbook/assets/logo.png" alt="Logo"><figcaption></figcaption></figure>\n',
  "guide/README.md":
    "---\ndescription: All about it\n---\n\n# Guide\n\nSee [API](../reference/api.md).\n",
  "guide/install.md":
    '---\nif: visitor.claims.beta\nlayout:\n  width: wide\n  outline:\n    visible: false\n---\n\n# Install\n\n## Steps <a href="#steps" id="steps"></a>\n\nRun it.\n',
  "reference/api.md": "# API\n\nBack [home](../README.md).\n\n![Chart](chart.png)\n",
  ".gitbook/assets/logo.png": PNG,
};

describe("import runs", () => {
  it("imports a repository into a change request, round-trips it, and re-imports without duplicates", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const key = await uploadImportFile(owner, org.id, "docs.zip", zipOf(REPO));
    const run = await importFiles(owner, org.id, { space: space.id }, [key]);
    expect(run.status, run.reason).toBe("completed");
    expect(run.result).toEqual({
      pages: 6,
      files: 1,
      warnings: [
        'reference/api.md: Image "Chart" (chart.png) could not be imported: no such file in the source. A placeholder shows it',
      ],
    });
    expect(run.pages.filter((p: { type: string }) => p.type === "folder")).toHaveLength(2);
    const crId = run.target.changeRequest;
    const tree = await crTree(space.id, crId);
    expect(tree.roots.map((n) => [n.row.kind, n.row.title, n.row.slug])).toEqual([
      ["document", "Welcome", "welcome"],
      ["document", "Guide", "guide"],
      ["link", "GitBook", "gitbook"],
      ["group", "Reference", "reference"],
    ]);
    // Front matter `if` and `layout` are kept as the page's condition and layout.
    const install = tree.roots[1]!.children[0]!.row;
    expect([install.condition, install.layout]).toEqual([
      "visitor.claims.beta",
      { width: "wide", outline: false },
    ]);
    // Main is untouched until the change request is merged.
    expect((await as(owner.token).get(`/spaces/${space.id}/content`)).body.pages).toEqual([]);

    const exported = await exportEntries(owner, space.id, crId);
    for (const path of ["SUMMARY.md", "README.md", "guide/README.md", "guide/install.md"])
      expect(strFromU8(exported.entries[path]!), path).toBe(REPO[path as keyof typeof REPO]);
    // An image that could not be stored is a placeholder, never silently nothing.
    expect(strFromU8(exported.entries["reference/api.md"]!)).toBe(
      '# API\n\nBack [home](../README.md).\n\n{% hint style="warning" %}\nImage "Chart" (chart.png) could not be imported: no such file in the source.\n{% endhint %}\n',
    );
    expect(exported.entries[".gitbook/assets/logo.png"]).toEqual(PNG);

    // The same archive again, into the same change request: updated in place, nothing added.
    const again = await uploadImportFile(owner, org.id, "docs.zip", exported.bytes);
    const rerun = await importFiles(owner, org.id, { space: space.id, changeRequest: crId }, [
      again,
    ]);
    expect(rerun.status, rerun.reason).toBe("completed");
    const after = await crTree(space.id, crId);
    expect(after.byId.size).toBe(tree.byId.size);
    const second = await exportEntries(owner, space.id, crId);
    expect(second.bytes).toEqual(exported.bytes);

    // A file renamed, with its `.gitbook.yaml` redirect: the page moves (same id) and the sites
    // publishing the space get a draft redirect from the old path to it.
    const site = await makeSite(org.id, owner, { spaces: [{ id: space.id }] });
    const [siteSpace] = await readSiteSpaces(site.id);
    const renamed = { ...REPO } as Record<string, string | Uint8Array>;
    renamed[".gitbook.yaml"] += "\nredirects:\n  reference/api: reference/endpoints.md\n";
    renamed["SUMMARY.md"] = REPO["SUMMARY.md"].replace(
      "reference/api.md",
      "reference/endpoints.md",
    );
    renamed["reference/endpoints.md"] = REPO["reference/api.md"];
    delete renamed["reference/api.md"];
    const moved = await importFiles(owner, org.id, { space: space.id, changeRequest: crId }, [
      await uploadImportFile(owner, org.id, "docs.zip", zipOf(renamed)),
    ]);
    expect(moved.status, moved.reason).toBe("completed");
    const api = tree.roots[3]!.children[0]!.row.pageId;
    const afterMove = await crTree(space.id, crId);
    expect(afterMove.byId.size).toBe(tree.byId.size);
    expect(afterMove.byId.get(api)?.row.slug).toBe("endpoints");
    const redirects = await testDb()
      .select()
      .from(siteRedirects)
      .where(eq(siteRedirects.siteId, site.id));
    const prefix = siteSpace!.path ? `/${siteSpace!.path}` : "";
    expect(redirects.map((r) => [r.source, r.draft, r.destination])).toEqual([
      [
        `${prefix}/reference/api`,
        true,
        { kind: "site-page", siteSpaceId: siteSpace!.id, pageId: api },
      ],
    ]);
  });

  it("imports HTML pages, uploaded and in a zip: their structure, links between them as page links, nothing active", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const setup = `<!doctype html><html><head><title>Setup guide</title><script>alert(1)</script>
<style>p { color: red }</style></head><body><h2 id="steps">Steps</h2>
<p>Read <a href="faq.html#top">the FAQ</a>, <a href="javascript:alert(1)" onclick="x()">this</a>.</p>
<ol><li>Install</li><li>Run <code>quire</code></li></ol>
<pre><code class="language-js">let a = 1 &lt; 2;
</code></pre>
<table><thead><tr><th>Key</th><th>Value</th></tr></thead><tbody><tr><td>a</td><td><strong>1</strong></td></tr></tbody></table>
<blockquote><p>Note <em>this</em>.</p></blockquote><h3 id='a"b'>Odd</h3><form><input name="q"></form>
<p><img src="https://example.com/x.png" alt="X" onerror="alert(1)"></p></body></html>`;
    const faq =
      "<html><body><h1 id='top'>FAQ</h1><p>Back to <a href='setup.html'>setup</a>.</p></body></html>";
    const zipped = await uploadImportFile(
      owner,
      org.id,
      "site.zip",
      zipOf({ "setup.html": setup, "faq.html": faq }),
    );
    const alone = await uploadImportFile(
      owner,
      org.id,
      "notes.html",
      new TextEncoder().encode("<title>Notes</title><p>One <s>two</s> three.</p>"),
    );
    const deep = await uploadImportFile(
      owner,
      org.id,
      "deep.html",
      new TextEncoder().encode("<blockquote>".repeat(20_000) + "x"),
    );
    const run = await importFiles(owner, org.id, { space: space.id }, [zipped, alone, deep]);
    expect(run.status, run.reason).toBe("completed");
    expect(run.result).toEqual({
      pages: 3,
      files: 0,
      warnings: ["deep.html: its elements are nested too deeply to import"],
    });
    const exported = await exportEntries(owner, space.id, run.target.changeRequest);
    const text = (path: string) => strFromU8(exported.entries[path]!);
    // A zip of HTML pages is a folder of pages: the first one is the space's README.
    expect(text("SUMMARY.md")).toBe(
      "# Table of contents\n\n* [FAQ](README.md)\n* [Notes](notes.md)\n* [Setup guide](setup.md)\n",
    );
    // A link to a sibling page is a page reference again (written as its path), an unsafe link
    // only its text, a heading's id its custom anchor (an id unsafe in HTML none); scripts,
    // styles, forms and event attributes are gone.
    expect(text("setup.md")).toBe(
      '# Setup guide\n\n## Steps <a href="#steps" id="steps"></a>\n\nRead [the FAQ](README.md#top), this.\n\n1. Install\n2. Run `quire`\n\n' +
        "```js\nlet a = 1 < 2;\n```\n\n| Key | Value |\n| --- | ----- |\n| a   | **1** |\n\n> Note _this_.\n\n### Odd\n\n" +
        '<figure><img src="https://example.com/x.png" alt="X"><figcaption></figcaption></figure>\n',
    );
    expect(text("README.md")).toBe("# FAQ\n\nBack to [setup](setup.md).\n");
    expect(text("notes.md")).toBe("# Notes\n\nOne ~~two~~ three.\n");
  });

  it("refuses bad archives with a clear reason, and a website source", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const lying = zipOf({ "a.md": "# A\n\n" + "x".repeat(5000) });
    patchCentralSize(lying, 10);
    const nonUtf8 = zipOf({ "n\u00e9.md": "# N" });
    patchNameByte(nonUtf8, "n\u00e9.md", [0x6e, 0xff, 0xfe]);
    const cases: [string, Uint8Array, RegExp][] = [
      ["traversal", zipOf({ "../evil.md": "# E" }), /climbs out of the archive/],
      ["absolute", zipOf({ "/etc/evil.md": "# E" }), /absolute path/],
      [
        "symlink",
        zipOf({ "link.md": "/etc/passwd" }, { "link.md": { os: 3, attrs: 0o120777 << 16 } }),
        /symbolic link/,
      ],
      ["bomb", zipOf({ "big.bin": new Uint8Array(2 * 1024 * 1024) }), /zip bomb/],
      ["lying size", lying, /declared 10 bytes: refused as a zip bomb/],
      ["non-UTF-8 name", nonUtf8, /not UTF-8/],
      ["not a zip", new TextEncoder().encode("hello"), /not a zip archive/],
    ];
    for (const [name, bytes, reason] of cases) {
      const key = await uploadImportFile(owner, org.id, `${name}.zip`, bytes);
      const run = await importFiles(owner, org.id, { space: space.id }, [key]);
      expect(run.status, name).toBe("failed");
      expect(run.reason, name).toMatch(reason);
    }
    const website = await as(owner.token).post(`/org/${org.id}/imports`, {
      source: { type: "website", url: "https://docs.example.com" },
      target: { space: space.id },
    });
    expect(website.status).toBe(400);
    expect(website.body.error.message).toMatch(/website is not supported/);
    const foreign = await as(owner.token).post(`/org/${org.id}/imports`, {
      source: { type: "file", files: ["imports/other-org/x/docs.zip"] },
      target: { space: space.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toMatch(/body\.source\.files\[0\]/);
  });

  it("cancels a pending run once, and lists runs", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const now = new Date().toISOString();
    await testDb()
      .insert(importRuns)
      .values({
        id: `run-${space.id}`,
        organizationId: org.id,
        spaceId: space.id,
        ownChangeRequest: false,
        source: { type: "file", files: [] },
        status: "pending",
        createdBy: owner.user.id,
        createdAt: now,
        updatedAt: now,
      });
    const api = as(owner.token);
    const cancelled = await api.post(`/org/${org.id}/imports/run-${space.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    const twice = await api.post(`/org/${org.id}/imports/run-${space.id}/cancel`);
    expect(twice.status).toBe(400);
    const list = await api.get(`/org/${org.id}/imports`, { query: { status: "cancelled" } });
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([`run-${space.id}`]);
    const other = await makeOrg();
    expect((await as(other.owner.token).get(`/org/${org.id}/imports/run-${space.id}`)).status).toBe(
      404,
    );
  });
});

/** Sets the first central-directory entry's uncompressed size (a lying archive). */
function patchCentralSize(zip: Uint8Array, size: number) {
  const view = new DataView(zip.buffer, zip.byteOffset);
  const end = zip.byteLength - 22;
  const cd = view.getUint32(end + 16, true);
  view.setUint32(cd + 24, size, true);
}

/** Replaces a name's bytes everywhere in the archive (same length) and clears the UTF-8 flags. */
function patchNameByte(zip: Uint8Array, name: string, bytes: number[]) {
  const wanted = new TextEncoder().encode(name);
  for (let i = 0; i + wanted.length <= zip.length; i++) {
    if (wanted.every((b, j) => zip[i + j] === b)) bytes.forEach((b, j) => (zip[i + j] = b));
  }
  const view = new DataView(zip.buffer, zip.byteOffset);
  view.setUint16(6, view.getUint16(6, true) & ~0x800, true);
  const cd = view.getUint32(zip.byteLength - 22 + 16, true);
  view.setUint16(cd + 8, view.getUint16(cd + 8, true) & ~0x800, true);
}
