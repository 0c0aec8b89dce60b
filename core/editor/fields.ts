import { isRecord, type LooseNode } from "../document/loose";
import { CODEC_ATTRS } from "./schema";
import { sameJson } from "./pm-json";
import type { EditorMarkSpec, EditorNodeSpec, FieldKind, FieldSpec } from "./spec-types";

/**
 * The lossless split of a Document node (or mark) into editor attributes: the fields the spec
 * names become attributes, and everything else except `object`, `type` and the children stays
 * verbatim in `extra` (null when it is GitBook's usual `{isVoid, data: {}}`). `joinFields`
 * puts them back together.
 */

type Spec = EditorNodeSpec | EditorMarkSpec;

const KEY: FieldSpec = { path: ["key"], kind: "string" };

function fieldsOf(spec: Spec): Array<[string, FieldSpec]> {
  const fields = Object.entries(spec.fields);
  return spec.object === "block" || spec.object === "inline"
    ? [...fields, [CODEC_ATTRS.key, KEY]]
    : fields;
}

const FITS: Record<FieldKind, (value: unknown) => boolean> = {
  string: (value) => typeof value === "string",
  number: (value) => typeof value === "number" && Number.isFinite(value),
  boolean: (value) => typeof value === "boolean",
  record: isRecord,
  array: Array.isArray,
  any: (value) => value !== undefined && value !== null,
};

/** Whether `type` names the node's kind (a fragment's `type` is a field, a document has none). */
export const hasType = (spec: Spec): boolean =>
  spec.object === "block" || spec.object === "inline" || spec.object === "mark";

/** What a node of this spec carries beyond its fields when it is written as GitBook writes it. */
function canonicalRest(spec: Spec): LooseNode {
  const rest: LooseNode = {};
  const usual = spec.object === "block" || spec.object === "inline";
  if (usual) rest.isVoid = spec.isVoid ?? false;
  const hasData = Object.values(spec.fields).some((f) => f.path[0] === "data" && f.path.length > 1);
  if (usual || hasData || spec.object === "document") rest.data = {};
  return rest;
}

function valueAt(node: LooseNode, path: readonly string[]): unknown {
  let value: unknown = node;
  for (const step of path) value = isRecord(value) ? value[step] : undefined;
  return value;
}

/** A copy of `node` without `path` (copying the objects on the way). */
function without(node: LooseNode, path: readonly string[]): LooseNode {
  const [head, ...tail] = path as [string, ...string[]];
  const copy = { ...node };
  if (tail.length === 0) delete copy[head];
  else if (isRecord(copy[head])) copy[head] = without(copy[head], tail);
  return copy;
}

/** A copy of `node` with `value` at `path` (copying or creating the objects on the way). */
function withValue(node: LooseNode, path: readonly string[], value: unknown): LooseNode {
  const [head, ...tail] = path as [string, ...string[]];
  const copy = { ...node };
  copy[head] =
    tail.length === 0 ? value : withValue(isRecord(copy[head]) ? copy[head] : {}, tail, value);
  return copy;
}

/** The attributes of a node's fields and what else it holds (`children`: its `nodes` or `fragments`). */
export function splitFields(
  node: LooseNode,
  spec: Spec,
  children: string | null,
): Record<string, unknown> {
  let rest: LooseNode = { ...node };
  delete rest.object;
  if (hasType(spec)) delete rest.type;
  if (children) delete rest[children];
  const canonical = canonicalRest(spec);
  const attrs: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(spec)) {
    const value = valueAt(node, field.path);
    if (!FITS[field.kind](value)) {
      attrs[name] = null;
      continue;
    }
    attrs[name] = value;
    rest = without(rest, field.path);
    const parent = field.path[0] as string;
    // An object emptied here is made again by joinFields: keep it only if GitBook writes it.
    if (field.path.length > 1 && !(parent in canonical)) {
      const left = rest[parent];
      if (isRecord(left) && Object.keys(left).length === 0) delete rest[parent];
    }
  }
  // A field that is a whole key (the document's `data`) replaces the canonical one.
  for (const [name, field] of fieldsOf(spec)) {
    if (field.path.length === 1 && attrs[name] !== null) delete canonical[field.path[0] as string];
  }
  attrs[CODEC_ATTRS.extra] = sameJson(rest, canonical) ? null : rest;
  return attrs;
}

/** The Document node (without `object`, `type` and children) the attributes stand for. */
export function joinFields(attrs: Record<string, unknown> | undefined, spec: Spec): LooseNode {
  const extra = attrs?.[CODEC_ATTRS.extra];
  let node: LooseNode = isRecord(extra) ? { ...extra } : canonicalRest(spec);
  for (const [name, field] of fieldsOf(spec)) {
    const value = attrs?.[name];
    if (value !== null && value !== undefined) node = withValue(node, field.path, value);
  }
  // GitBook's order: the key first (then isVoid, data, ...); the caller adds object and type.
  if (!("key" in node)) return node;
  const { key, ...others } = node;
  return { key, ...others };
}
