/**
 * The structural rules of the official GitBook schemas (JSONDocument, DocumentBlock*,
 * DocumentInline*, DocumentText*, DocumentMark*, DocumentTable*, ContentRef*) for the node types
 * the parser produces, checked inside workerd where ajv cannot compile the official schema.
 * validate-official.mjs checks the same Documents with the official schema itself, in Node.
 */

type Node = Record<string, unknown>;

const ESSENTIALS = [
  "paragraph",
  "heading-1",
  "heading-2",
  "heading-3",
  "list-ordered",
  "list-unordered",
  "list-tasks",
  "divider",
];
const GITBOOK = ["tabs", "stepper", "columns", "updates", "expandable", "embed", "content-ref"];
const GITBOOK_VOIDS = ["file", "swagger", "math", "drawing", "reusable-content"];
const TOP_LEVEL = new Set([
  ...ESSENTIALS,
  ...GITBOOK,
  ...GITBOOK_VOIDS,
  "blockquote",
  "hint",
  "images",
  "code",
  "table",
]);
const TAB = [...ESSENTIALS, "content-ref", "code", "embed", "file", "images", "drawing", "hint"];
const TAB_ITEM = [...TAB, "blockquote", "math"];
const CHILDREN: Record<string, Set<string>> = {
  tabs: new Set(["tabs-item"]),
  "tabs-item": new Set(TAB_ITEM),
  stepper: new Set(["stepper-step"]),
  "stepper-step": new Set([...TAB_ITEM, "expandable"]),
  columns: new Set(["column"]),
  column: new Set([...TAB_ITEM, "table", "expandable", "stepper"]),
  updates: new Set(["update"]),
  update: new Set([...TAB_ITEM, "tabs", "expandable"]),
  blockquote: new Set([...ESSENTIALS, "blockquote"]),
  hint: new Set([...ESSENTIALS, "table", "embed"]),
  "list-item": new Set([...ESSENTIALS, "code", "hint", "blockquote", "table"]),
  "list-ordered": new Set(["list-item"]),
  "list-unordered": new Set(["list-item"]),
  "list-tasks": new Set(["list-item"]),
  code: new Set(["code-line"]),
  images: new Set(["image"]),
};
/** Allowed `data` keys where the official schema says `additionalProperties: false` or lists them. */
const DATA_KEYS: Record<string, string[]> = {
  paragraph: ["align"],
  "list-unordered": [],
  "list-tasks": [],
  blockquote: [],
  divider: [],
  "list-item": ["checked"],
  "list-ordered": ["start"],
  hint: ["style"],
  code: ["syntax", "title", "overflow", "lineNumbers", "fullWidth"],
  "code-line": [],
  images: [],
  image: ["ref", "alt"],
};
const REQUIRED: Record<string, string[]> = {
  paragraph: ["nodes"],
  "heading-1": ["nodes", "data"],
  "heading-2": ["nodes", "data"],
  "heading-3": ["nodes", "data"],
  "list-ordered": ["nodes", "data"],
  "list-unordered": ["nodes"],
  "list-tasks": ["nodes"],
  "list-item": ["nodes"],
  code: ["nodes", "data"],
  "code-line": ["nodes", "data"],
  blockquote: ["nodes"],
  hint: ["nodes", "data"],
  divider: ["isVoid", "data"],
  images: ["nodes", "data", "isVoid"],
  image: ["data", "fragments", "isVoid"],
  table: ["data", "fragments", "isVoid"],
};
const VOID = new Set(["divider", "image", "table", "expandable", "embed", "content-ref"]);
for (const type of GITBOOK_VOIDS) VOID.add(type);
const MARKS = new Set(["bold", "italic", "strikethrough", "code", "color"]);
/** Fragments GitBook's blocks hold, by block type, and what each may hold. */
const FRAGMENTS: Record<string, Record<string, Set<string>>> = {
  expandable: {
    "expandable-title": new Set(["paragraph"]),
    "expandable-body": new Set([
      ...ESSENTIALS,
      "file",
      "images",
      "code",
      "table",
      "hint",
      "blockquote",
    ]),
  },
  embed: { caption: new Set(["paragraph"]) },
  file: { caption: new Set(["paragraph"]) },
};
const REF_FIELD: Record<string, string> = {
  url: "url",
  page: "page",
  anchor: "anchor",
  file: "file",
};

const isObject = (v: unknown): v is Node =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function checkRef(ref: unknown, path: string, errors: string[], imageOnly = false): void {
  const field = isObject(ref) && typeof ref.kind === "string" ? REF_FIELD[ref.kind] : undefined;
  if (!isObject(ref) || !field || typeof ref[field] !== "string")
    errors.push(`${path}: not a ContentRef`);
  else if (imageOnly && ref.kind !== "url" && ref.kind !== "file")
    errors.push(`${path}: image ref kind`);
}

function checkInlines(nodes: unknown, path: string, errors: string[], keys: Set<string>): void {
  if (!Array.isArray(nodes)) return void errors.push(`${path}: nodes not an array`);
  nodes.forEach((node, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(node)) return void errors.push(`${at}: not an object`);
    if (node.object === "text") {
      if (!Array.isArray(node.leaves)) return void errors.push(`${at}: leaves`);
      for (const leaf of node.leaves as Node[]) {
        if (leaf.object !== "leaf" || typeof leaf.text !== "string" || !Array.isArray(leaf.marks)) {
          errors.push(`${at}: leaf shape`);
        } else if (
          (leaf.marks as Node[]).some((m) => m.object !== "mark" || !MARKS.has(m.type as string))
        ) {
          errors.push(`${at}: mark shape`);
        }
      }
      return;
    }
    checkKey(node, at, errors, keys);
    if (node.type === "link" && node.object === "inline" && node.isVoid === false) {
      checkRef(isObject(node.data) ? node.data.ref : undefined, `${at}.data.ref`, errors);
      checkInlines(node.nodes, `${at}.nodes`, errors, keys);
    } else if (node.type === "inline-image" && node.object === "inline" && node.isVoid === true) {
      checkRef(isObject(node.data) ? node.data.ref : undefined, `${at}.data.ref`, errors, true);
    } else if (node.type === "button" && node.object === "inline" && node.isVoid === true) {
      checkRef(isObject(node.data) ? node.data.ref : undefined, `${at}.data.ref`, errors);
    } else if (
      (node.type === "emoji" || node.type === "inline-math") &&
      node.object === "inline" &&
      node.isVoid === true &&
      isObject(node.data)
    ) {
      if (typeof (node.data.code ?? node.data.formula) !== "string") errors.push(`${at}: data`);
    } else errors.push(`${at}: unexpected inline ${String(node.type)}`);
  });
}

function checkKey(node: Node, path: string, errors: string[], keys: Set<string>): void {
  if (typeof node.key !== "string" || node.key === "") errors.push(`${path}: no key`);
  else if (keys.has(node.key)) errors.push(`${path}: duplicate key ${node.key}`);
  else keys.add(node.key);
}

function checkTable(node: Node, path: string, errors: string[], keys: Set<string>): void {
  const data = node.data as Node;
  const view = data.view as Node;
  const definition = data.definition as Record<string, Node>;
  const records = data.records as Record<string, Node>;
  if (
    view?.type !== "grid" ||
    !Array.isArray(view.columns) ||
    typeof view.hideHeader !== "boolean"
  ) {
    errors.push(`${path}: grid view`);
  }
  for (const [id, def] of Object.entries(definition ?? {})) {
    if (def.id !== id || typeof def.title !== "string" || def.type !== "text")
      errors.push(`${path}: column ${id}`);
    if (!["left", "center", "right"].includes(def.textAlignment as string))
      errors.push(`${path}: alignment`);
  }
  for (const column of (view?.columns as string[]) ?? []) {
    if (!definition?.[column]) errors.push(`${path}: view column ${column} undefined`);
  }
  const fragments = new Map((node.fragments as Node[]).map((f) => [f.fragment as string, f]));
  for (const [id, record] of Object.entries(records ?? {})) {
    if (typeof record.orderIndex !== "string") errors.push(`${path}: record ${id} orderIndex`);
    for (const value of Object.values(record.values as Node)) {
      if (typeof value !== "string" || !fragments.has(value))
        errors.push(`${path}: cell ${String(value)}`);
    }
  }
  for (const fragment of fragments.values()) {
    if (fragment.object !== "fragment") errors.push(`${path}: fragment object`);
    checkBlocks(fragment.nodes, new Set(["paragraph"]), `${path}.fragments`, errors, keys);
  }
}

function checkBlocks(
  nodes: unknown,
  allowed: Set<string>,
  path: string,
  errors: string[],
  keys: Set<string>,
): void {
  if (!Array.isArray(nodes)) return void errors.push(`${path}: nodes not an array`);
  nodes.forEach((node, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(node) || node.object !== "block") return void errors.push(`${at}: not a block`);
    const type = node.type as string;
    if (!allowed.has(type)) errors.push(`${at}: ${type} not allowed here`);
    checkKey(node, at, errors, keys);
    for (const field of REQUIRED[type] ?? [])
      if (!(field in node)) errors.push(`${at}: missing ${field}`);
    if ("isVoid" in node && node.isVoid !== VOID.has(type)) errors.push(`${at}: isVoid`);
    const data = node.data;
    if (data !== undefined && !isObject(data)) errors.push(`${at}: data not an object`);
    const dataKeys = DATA_KEYS[type];
    if (isObject(data) && dataKeys) {
      for (const key of Object.keys(data))
        if (!dataKeys.includes(key)) errors.push(`${at}: data.${key}`);
    }
    if (
      type === "hint" &&
      !["info", "warning", "danger", "success"].includes((data as Node)?.style as string)
    ) {
      errors.push(`${at}: hint style`);
    }
    if (
      type === "list-item" &&
      isObject(data) &&
      "checked" in data &&
      typeof data.checked !== "boolean"
    ) {
      errors.push(`${at}: checked`);
    }
    if (type === "image") {
      checkRef((data as Node)?.ref, `${at}.data.ref`, errors, true);
      for (const fragment of (node.fragments as Node[]) ?? []) {
        if (fragment.fragment !== "caption") errors.push(`${at}: fragment name`);
        checkBlocks(fragment.nodes, new Set(["paragraph"]), `${at}.caption`, errors, keys);
      }
    }
    if (type === "table") checkTable(node, at, errors, keys);
    const named = FRAGMENTS[type];
    if (named) {
      for (const fragment of (node.fragments as Node[]) ?? []) {
        const inner = named[fragment.fragment as string];
        if (!inner) errors.push(`${at}: fragment ${String(fragment.fragment)}`);
        else checkBlocks(fragment.nodes, inner, `${at}.${String(fragment.fragment)}`, errors, keys);
      }
    }
    if (/^(paragraph|heading-[123]|code-line)$/.test(type))
      checkInlines(node.nodes, `${at}.nodes`, errors, keys);
    const children = CHILDREN[type];
    if (children) checkBlocks(node.nodes, children, `${at}.nodes`, errors, keys);
  });
}

/** Everything in a parsed Document that breaks the official schemas' rules (empty when valid). */
export function officialShapeErrors(document: unknown): string[] {
  const errors: string[] = [];
  if (!isObject(document) || document.object !== "document" || !isObject(document.data)) {
    return ["document envelope"];
  }
  checkBlocks(document.nodes, TOP_LEVEL, "nodes", errors, new Set());
  return errors;
}
