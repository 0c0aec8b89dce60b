import type { PublishedContentSite, PublishedSiteContent } from "@gitbook/api";
import { describe, expect, it } from "vitest";
import { siteViewOf } from "../../../reader/src/site/site-view";

/** The site's own links (external section links) follow the one link rule (core/links). */
describe("the site's external section links", () => {
  it("link what the rule allows, as it writes it, and drop the rest", () => {
    const external = (id: string, url: string) => ({
      object: "site-external-link",
      id,
      title: id,
      url,
    });
    const published = {
      site: { id: "site_1", title: "Docs", visibility: "public" },
      structure: {
        type: "sections",
        structure: [
          external("ok", "https://ok.test/x"),
          external("relative", "//cdn.test/y"),
          external("script", " JaVa\tScript:alert(1)"),
          external("data", "data:text/html,<b>x</b>"),
          external("mail", "mailto:a@b.test"),
        ],
      },
    } as unknown as PublishedContentSite;
    const content = {
      siteSection: "none",
      siteSpace: "none",
      siteBasePath: "/",
      basePath: "/",
    } as unknown as PublishedSiteContent;
    const view = siteViewOf(published, content, new URL("https://docs.test/"));
    expect(view.sections.map((s) => [s.id, s.href])).toEqual([
      ["ok", "https://ok.test/x"],
      ["relative", "https://cdn.test/y"],
      ["mail", "mailto:a@b.test"],
    ]);
  });
});
