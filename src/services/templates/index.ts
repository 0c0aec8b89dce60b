import { apiReference } from "./api-reference";
import { changelog } from "./changelog";
import { productDocs } from "./product-docs";
import { runbooks } from "./runbooks";
import type { SpaceTemplate } from "./types";

export type { SpaceTemplate } from "./types";

/** Every built-in template, in the order they are documented. */
export const TEMPLATES: readonly SpaceTemplate[] = [productDocs, apiReference, changelog, runbooks];

const byId: ReadonlyMap<string, (typeof TEMPLATES)[number]> = new Map(
  TEMPLATES.map((t) => [t.id, t]),
);

/** The built-in template with this id, or undefined: ids are the public names of templates. */
export function findTemplate(id: string): SpaceTemplate | undefined {
  return byId.get(id);
}

/** The ids of every built-in template, for error messages and documentation. */
export function templateIds(): string[] {
  return TEMPLATES.map((t) => t.id);
}
