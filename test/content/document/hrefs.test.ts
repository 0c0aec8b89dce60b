import { describe, expect, it } from "vitest";
import { defaultHrefFor, defaultResolveHref, type ContentRef } from "../../../core/document";

describe("default href mapping", () => {
  it("resolves the documented link forms", () => {
    expect(defaultResolveHref("/pages/p1")).toEqual({ kind: "page", page: "p1" });
    expect(defaultResolveHref("/pages/p1/")).toEqual({ kind: "page", page: "p1" });
    expect(defaultResolveHref("/pages/p1#intro")).toEqual({
      kind: "anchor",
      page: "p1",
      anchor: "intro",
    });
    expect(defaultResolveHref("#intro")).toEqual({ kind: "anchor", anchor: "intro" });
    expect(defaultResolveHref("/files/f1")).toEqual({ kind: "file", file: "f1" });
    expect(defaultResolveHref("/spaces/s1/files/f1")).toEqual({
      kind: "file",
      file: "f1",
      space: "s1",
    });
    for (const url of [
      "https://x.test/pages/p1",
      "/pages/a/b",
      "pages/p1",
      "#",
      "mailto:a@b.test",
      "",
    ]) {
      expect(defaultResolveHref(url)).toEqual({ kind: "url", url });
    }
  });

  it("renders every reference kind, inversely for pages, anchors, files and URLs", () => {
    const inverse: ContentRef[] = [
      { kind: "url", url: "https://x.test/a?b#c" },
      { kind: "page", page: "p1" },
      { kind: "page", page: "p1", space: "s1" },
      { kind: "anchor", anchor: "a", page: "p1" },
      { kind: "anchor", anchor: "a", page: "p1", space: "s1" },
      { kind: "anchor", anchor: "a" },
      { kind: "file", file: "f1" },
      { kind: "file", file: "f1", space: "s1" },
    ];
    for (const ref of inverse) expect(defaultResolveHref(defaultHrefFor(ref))).toEqual(ref);
    const others: Array<[ContentRef, string]> = [
      [{ kind: "user", user: "u1" }, "/users/u1"],
      [{ kind: "space", space: "s1" }, "/spaces/s1"],
      [{ kind: "collection", collection: "c1" }, "/collections/c1"],
      [{ kind: "reusable-content", reusableContent: "r1" }, "/reusable-contents/r1"],
      [{ kind: "tag", tag: "t1" }, "/tags/t1"],
      [{ kind: "openapi", spec: "petstore" }, "/openapi/petstore"],
    ];
    for (const [ref, href] of others) expect(defaultHrefFor(ref)).toBe(href);
  });
});
