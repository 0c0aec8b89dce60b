import type { Change } from "../../content/change-schema";
import { RefusedValue, UnknownReference } from "../../lib/errors";
import { templateChanges } from "./build";
import { findTemplate, templateIds } from "./index";
import type { ApplySpaceTemplate } from "../../api/templates";
import type { SlotFileRow } from "./slot-files";
import type { SpaceTemplate } from "./types";

/** The file ids a request's `contentRefs` name, to check in the access round trip. */
export function contentRefFileIds(input: ApplySpaceTemplate | undefined): string[] {
  const refs = input?.params?.contentRefs ?? {};
  return [...new Set(Object.values(refs).map((ref) => ref.file))];
}

/** Where a template is applied: the space whose files the slots may name, for 400 messages. */
interface PlanTarget {
  /** The template request's path inside the body ("" when it is the whole body). */
  field: string;
  /** The content the slot files are looked up in, as the 400 names it. */
  content: string;
  spaceId: string;
}

/** The path of `sub` inside the template's request at body path `field` ("" for the body). */
function inside(field: string, sub: string): string {
  return field ? `${field}.${sub}` : sub;
}

/** The built-in template a request names; an unknown id is a 400 naming `<field>.id`. */
function requireTemplate(id: string, field: string): SpaceTemplate {
  const template = findTemplate(id);
  if (!template) {
    throw new UnknownReference(
      inside(field, "id"),
      `no template "${id}"; the templates are ${templateIds().join(", ")}`,
    );
  }
  return template;
}

/**
 * Checks a request's `contentRefs` against the template's slots and the target's files, and
 * returns the slot -> file id map. Each problem is a 400 naming
 * `<field>.params.contentRefs.<name>`: a name that is not a slot of the template, a file of
 * another space, or a file absent from (or deleted in) the target's content.
 */
function slotFiles(
  template: SpaceTemplate,
  input: ApplySpaceTemplate,
  found: SlotFileRow[],
  where: PlanTarget,
): Map<string, string> {
  const visible = new Set(found.filter((row) => !row.deleted).map((row) => row.fileId));
  const slots = new Set(template.slots.map((slot) => slot.name));
  const files = new Map<string, string>();
  for (const [name, ref] of Object.entries(input.params?.contentRefs ?? {})) {
    const field = inside(where.field, `params.contentRefs.${name}`);
    if (!slots.has(name)) {
      const known = slots.size ? `its slots are ${[...slots].join(", ")}` : "it has no slots";
      throw new UnknownReference(
        field,
        `the template "${template.id}" has no slot "${name}"; ${known}`,
      );
    }
    if (ref.space !== undefined && ref.space !== where.spaceId) {
      throw new RefusedValue(`${field}.space`, "the file must be in this space");
    }
    if (!visible.has(ref.file)) {
      throw new UnknownReference(field, `no file "${ref.file}" in ${where.content}`);
    }
    files.set(name, ref.file);
  }
  return files;
}

/**
 * Everything a template application is checked for before anything is written, turned into the
 * content batch that applies it: the template, its slots, and the files that fill them.
 */
export function planTemplate(
  input: ApplySpaceTemplate,
  found: SlotFileRow[],
  where: PlanTarget,
): Change[] {
  const template = requireTemplate(input.id, where.field);
  return templateChanges(template, slotFiles(template, input, found, where));
}
