import { describe, expect, it } from "vitest";
import { commitChanges } from "../../helpers/content-factories";
import { unique } from "../../helpers/factories";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";

/**
 * An embed whose host does not answer in time degrades to a link card: the page still renders,
 * within the reader's budget per embed, never waiting on the far host.
 */
describe("the reader's embeds", () => {
  it("renders a page whose embed times out, with the embed as a link", async () => {
    const d = await publishedDocs();
    const url = `https://echo.example.com/slow/6000?x=${unique("e")}`;
    await commitChanges(d.space.id, d.owner.user.id, [
      {
        operation: "insert_page",
        title: "Embedded",
        document: {
          document: {
            object: "document",
            data: {},
            nodes: [
              {
                object: "block",
                type: "paragraph",
                data: {},
                nodes: [
                  { object: "text", leaves: [{ object: "leaf", text: "Before.", marks: [] }] },
                ],
              },
              { object: "block", type: "embed", isVoid: true, data: { url } },
            ],
          },
        },
      },
    ]);
    const res = await readerFetch(siteUrl(d.site.id, "embedded"));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).toContain("Before.");
    expect(res.text).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
  }, 20_000);
});
