import { describe, expect, it } from "vitest";
import { hrefHost, safeHref } from "../../../core/links/safe-href";

/** The answer table of the one link rule (core/links/safe-href.ts), written out. */

describe("safeHref", () => {
  it("allows http(s), mailto, tel, relative paths, fragments and queries, as written", () => {
    for (const href of [
      "https://example.com/a?b=1#c",
      "HTTP://EXAMPLE.COM",
      "mailto:a@b.test",
      "tel:+441234",
      "/docs/a",
      "a/b.md",
      "../x",
      "#frag",
      "?q=1&r=2",
      "Q&A.md",
      "https://example.com/?a=1&amp;b=2",
    ]) {
      expect(safeHref(href), href).toBe(href);
    }
  });

  it("answers //host as the https URL to that host, and refuses its backslash forms", () => {
    expect(safeHref("//example.com/x")).toBe("https://example.com/x");
    expect(safeHref("  //example.com")).toBe("https://example.com/");
    expect(safeHref("/\\evil.test")).toBeNull();
    expect(safeHref("\\\\evil.test")).toBeNull();
    expect(hrefHost(safeHref("//example.com/x")!)).toBe("example.com");
    expect(hrefHost("/docs")).toBeUndefined();
  });

  it("refuses every other scheme, an empty target and http without a host", () => {
    for (const href of [
      "javascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<b>x</b>",
      "data:image/png;base64,AAAA",
      "file:///etc/passwd",
      "blob:https://example.com/uuid",
      "ftp://example.com",
      "about:blank",
      "",
      " ",
      "http://",
    ]) {
      expect(safeHref(href), href).toBeNull();
    }
  });

  it("reads the target as a browser does: trims, drops tabs and newlines, ignores case", () => {
    expect(safeHref("  https://example.com  ")).toBe("https://example.com");
    expect(safeHref("ht\ttps://example.com")).toBe("https://example.com");
    for (const href of [
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0001javascript:alert(1)",
      "javascript:alert(1)\u0000",
      "java\u0000script:alert(1)",
    ]) {
      expect(safeHref(href), JSON.stringify(href)).toBeNull();
    }
  });

  it("refuses a target whose scheme changes once HTML character references are decoded", () => {
    for (const href of [
      "&#x6a;avascript:alert(1)",
      "&#106;avascript:alert(1)",
      "javascript&colon;alert(1)",
      "java&Tab;script:alert(1)",
      "&#x2F;&#x2F;evil.test",
      "&nbsp;javascript:alert(1)",
    ]) {
      expect(safeHref(href), href).toBeNull();
    }
    expect(safeHref("https://example.com/?q=&#1")).toBe("https://example.com/?q=&#1");
  });

  it("images: http(s), this site and raster data: URIs; web pages: absolute http(s) only", () => {
    expect(safeHref("data:image/png;base64,AAAA", "image")).toBe("data:image/png;base64,AAAA");
    expect(safeHref("data:image/svg+xml,<svg/>", "image")).toBeNull();
    expect(safeHref("/logo.png", "image")).toBe("/logo.png");
    expect(safeHref("mailto:a@b.test", "image")).toBeNull();
    expect(safeHref("https://example.com", "web")).toBe("https://example.com");
    expect(safeHref("//example.com", "web")).toBe("https://example.com/");
    expect(safeHref("/docs", "web")).toBeNull();
    expect(safeHref("mailto:a@b.test", "web")).toBeNull();
  });
});
