import { describe, expect, it } from "vitest";
import { ChangeBatchSchema } from "../../src/content/change-schema";
import { parseMarkdown, renderMarkdown } from "../../core/document";
import { slugify } from "../../src/content/tree";
import { TEMPLATES, findTemplate, templateIds } from "../../src/services/templates/index";
import {
  fillSlots,
  SLOT_IMAGE,
  templateChanges,
  templatePages,
} from "../../src/services/templates/build";
import { expectedMarkdown, unpadTables } from "../helpers/templates-factories";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe("the built-in templates", () => {
  it("are at least three, with unique ids, and are found by id", () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(templateIds()).size).toBe(TEMPLATES.length);
    expect(templateIds()).toEqual(["product-docs", "api-reference", "changelog", "runbooks"]);
    for (const t of TEMPLATES) expect(findTemplate(t.id)).toBe(t);
    expect(findTemplate("nope")).toBeUndefined();
  });

  for (const template of TEMPLATES) {
    describe(template.id, () => {
      const pages = templatePages(template);

      it("has a title, a description and several real pages", () => {
        expect(template.title.length).toBeGreaterThan(3);
        expect(template.description.length).toBeGreaterThan(40);
        expect(pages.length).toBeGreaterThanOrEqual(5);
        for (const page of pages) {
          expect(page.markdown.length, page.ref).toBeGreaterThan(150);
          expect(page.markdown, page.ref).toMatch(/\n$/);
          expect(page.markdown, page.ref).not.toMatch(/lorem ipsum/i);
        }
      });

      it("has unique refs, valid slugs, and top-level slugs derived from titles", () => {
        expect(new Set(pages.map((p) => p.ref)).size).toBe(pages.length);
        for (const page of pages) expect(page.slug, page.ref).toMatch(SLUG);
        for (const page of template.pages) expect(slugify(page.title)).toBe(page.slug);
        const siblings = [template.pages, ...pages.map((p) => p.children ?? [])];
        for (const list of siblings) {
          expect(new Set(list.map((p) => p.slug)).size).toBe(list.length);
        }
      });

      it("links only to its own pages and uses exactly its declared slots", () => {
        const refs = new Set(pages.map((p) => p.ref));
        const slots = new Set(template.slots.map((s) => s.name));
        const used = new Set<string>();
        for (const page of pages) {
          for (const [, target] of page.markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
            if (target!.startsWith("slot:")) continue;
            const internal = !/^https?:\/\//.test(target!);
            if (internal) expect(refs.has(target!), `${page.ref} -> ${target}`).toBe(true);
          }
          for (const line of page.markdown.split("\n")) {
            if (!line.includes("slot:")) continue;
            const match = SLOT_IMAGE.exec(line);
            expect(match, `${page.ref}: a slot image is alone on its line`).not.toBeNull();
            expect(slots.has(match![2]!), `${page.ref}: slot ${match![2]}`).toBe(true);
            used.add(match![2]!);
          }
        }
        expect([...used].sort()).toEqual([...slots].sort());
      });

      it("writes canonical markdown: every page round-trips unchanged", () => {
        const ids = new Map(pages.map((p) => [p.ref, `P${p.ref}`]));
        const files = new Map(template.slots.map((s) => [s.name, `F${s.name}`]));
        for (const page of pages) {
          const parsed = parseMarkdown(fillSlots(page.markdown, files), {
            resolveHref: (href) => (ids.has(href) ? { kind: "page", page: ids.get(href)! } : null),
          });
          // Tables are padded to their rendered cells (GitBook's form): compared unpadded.
          expect(unpadTables(renderMarkdown(parsed.document)), page.ref).toBe(
            unpadTables(expectedMarkdown(page.markdown, ids, files)),
          );
        }
      });

      it("becomes one valid content batch of insert_page changes, parents first", () => {
        const changes = templateChanges(template, new Map());
        expect(ChangeBatchSchema.safeParse({ changes }).success).toBe(true);
        expect(changes.map((c) => c.operation === "insert_page" && c.ref)).toEqual(
          pages.map((p) => p.ref),
        );
        for (const change of changes) {
          if (change.operation !== "insert_page") throw new Error("insert_page only");
          expect(change.slug === undefined).toBe(change.into === undefined);
        }
      });
    });
  }
});

describe("fillSlots", () => {
  const md = "![Logo](slot:logo)\n\nIntro.\n\n![Shot](slot:shot)\n\nMore.\n\n![End](slot:end)\n";

  it("points filled slots at their files", () => {
    const files = new Map([
      ["logo", "f1"],
      ["shot", "f2"],
      ["end", "f3"],
    ]);
    expect(fillSlots(md, files)).toBe(
      "![Logo](/files/f1)\n\nIntro.\n\n![Shot](/files/f2)\n\nMore.\n\n![End](/files/f3)\n",
    );
  });

  it("leaves out unfilled slots with their blank line, wherever they are", () => {
    expect(fillSlots(md, new Map())).toBe("Intro.\n\nMore.\n");
    expect(fillSlots(md, new Map([["shot", "f2"]]))).toBe(
      "Intro.\n\n![Shot](/files/f2)\n\nMore.\n",
    );
    expect(fillSlots("![Only](slot:only)\n", new Map())).toBe("");
  });

  it("leaves slot-like text that is not alone on its line untouched", () => {
    const inline = "See ![x](slot:logo) here.\n";
    expect(fillSlots(inline, new Map())).toBe(inline);
  });
});
