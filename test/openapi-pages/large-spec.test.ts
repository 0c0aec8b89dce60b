import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";
import { makeContentSpace } from "../helpers/content-factories";
import { gitbookSpecText } from "../helpers/openapi-factories";
import { openApiSource } from "../helpers/openapi-pages-fixtures";
import { publishSpec } from "../helpers/openapi-pages-factories";

describe("a computed page of GitBook's own spec (~1.7 MB)", () => {
  it("reads as markdown within the page-read budget", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    const spec = JSON.parse(gitbookSpecText()) as Record<string, unknown>;
    await publishSpec(owner.token, org.id, "gitbook", spec);
    const cr = await createCr(owner, space.id);
    const content = await postContent(owner, space.id, cr.id, [
      {
        operation: "insert_page",
        title: "Spaces",
        slug: "spaces",
        document: {},
        computed: openApiSource("gitbook", { doc: "operations", page: "spaces" }),
      },
    ]);
    expect(content.status, content.text).toBe(200);
    expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
    await warmToken(owner.token);
    const res = await as(owner.token).get(`/spaces/${space.id}/content/path/spaces`, {
      query: { format: "markdown" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.markdown).toContain("Create a full copy of a space");
    expect(res.body.markdown).toContain("`POST /spaces/{spaceId}/duplicate`");
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
  }, 90_000);
});
