import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { as, workerFetch } from "../helpers/api";
import { createCr, postContent, seedThroughCr } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { makeOrg } from "../helpers/factories";
import { eventually } from "../helpers/jobs";
import { sampleSpaceChanges } from "../helpers/spaces-io-factories";

/** A content batch on a fresh change request (for refusals). */
async function postBatch(
  user: Parameters<typeof createCr>[0],
  spaceId: string,
  changes: unknown[],
) {
  const cr = await createCr(user, spaceId);
  const res = await postContent(user, spaceId, cr.id, changes);
  expect(res.status).toBe(400);
  return res;
}

describe("space export", () => {
  it("writes a Git Sync repository: SUMMARY.md, pages, relative links, assets", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    await seedThroughCr(owner, space.id, [
      ...sampleSpaceChanges(),
      {
        operation: "insert_page",
        type: "link",
        title: "GitBook",
        href: "https://www.gitbook.com",
        document: {},
      },
      { operation: "insert_page", ref: "api", type: "group", title: "API", document: {} },
      { operation: "insert_page", into: "api", title: "Auth", document: { markdown: "Tokens." } },
    ]);
    // A link page needs a web address; a group has no body.
    const refused = await postBatch(owner, space.id, [
      {
        operation: "insert_page",
        type: "link",
        title: "Bad",
        href: "javascript:alert(1)",
        document: {},
      },
      { operation: "insert_page", type: "group", title: "Full", document: { markdown: "x" } },
    ]);
    expect(refused.body.error.message).toMatch(
      /body\.changes\[0\]\.href: a link page needs an http\(s\) or mailto address/,
    );
    const api = as(owner.token);
    const content = await api.get(`/spaces/${space.id}/content`);
    expect(
      content.body.pages.map((p: { title: string; type: string }) => `${p.type}:${p.title}`),
    ).toEqual(["document:Intro", "document:Guide", "link:GitBook", "group:API"]);
    const started = await api.post(`/spaces/${space.id}/exports`, { format: "zip" });
    expect(started.status, started.text).toBe(202);
    expect(started.body.status).toBe("pending");
    const done = await eventually(async () => {
      const res = await api.get(`/spaces/${space.id}/exports/${started.body.id}`);
      expect(res.body.status).toBe("completed");
      return res.body;
    });
    expect(done.result).toEqual({ pages: 6, files: 1, warnings: [] });
    const archive = await workerFetch(done.archive.downloadURL);
    expect(archive.status).toBe(200);
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      ".gitbook.yaml",
      "SUMMARY.md",
      "README.md",
      "guide/README.md",
      "guide/install.md",
      "api/auth.md",
      ".gitbook/assets/logo.png",
    ]);
    expect(strFromU8(files["SUMMARY.md"]!)).toBe(
      "# Table of contents\n\n* [Intro](README.md)\n* [Guide](guide/README.md)\n  * [Install](guide/install.md)\n* [GitBook](https://www.gitbook.com)\n\n## API\n\n* [Auth](api/auth.md)\n",
    );
    const readme = strFromU8(files["README.md"]!);
    expect(readme).toContain("[the guide](guide/README.md)");
    expect(readme).toContain(".gitbook/assets/logo.png");
    expect(strFromU8(files["guide/README.md"]!)).toMatch(
      /^---\ndescription: How to\n---\n\n# Guide\n\nBack to \[intro\]\(\.\.\/README\.md\)/,
    );

    const other = await makeOrg();
    const hidden = await as(other.owner.token).get(
      `/spaces/${space.id}/exports/${started.body.id}`,
    );
    expect(hidden.status).toBe(404);
  });
});
