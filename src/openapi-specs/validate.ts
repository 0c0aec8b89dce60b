import { isObject, type SpecError, type SpecObject } from "./types";

/** The OpenAPI families Quire accepts. */
type SpecVersion = "2.0" | "3.0" | "3.1";

/** The HTTP methods of a Path Item object. */
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The version family a document declares, or an error saying why it is not one we accept. */
function specVersionOf(doc: SpecObject): SpecVersion | SpecError {
  if (doc.swagger !== undefined) {
    return doc.swagger === "2.0"
      ? "2.0"
      : { message: `Unsupported swagger version ${JSON.stringify(doc.swagger)}: expected "2.0"` };
  }
  if (typeof doc.openapi === "string") {
    if (/^3\.0\.\d+$/.test(doc.openapi)) return "3.0";
    if (/^3\.1\.\d+$/.test(doc.openapi)) return "3.1";
    return { message: `Unsupported openapi version "${doc.openapi}": expected 3.0.x or 3.1.x` };
  }
  return { message: "Not an OpenAPI document: no `openapi` (3.x) or `swagger` (2.0) field" };
}

/**
 * Checks the structure of an OpenAPI 3.0 / 3.1 or Swagger 2.0 document: version, `info`,
 * `paths` and their operations, parameters and responses, `components`, and that every internal
 * `$ref` points at something. Returns every problem found (empty when valid), each naming where.
 */
export function validateSpec(doc: SpecObject): SpecError[] {
  const version = specVersionOf(doc);
  if (typeof version !== "string") return [{ ...version, code: "version" }];
  const errors: SpecError[] = [];
  const add = (path: string, message: string) =>
    errors.push({ message: `${path}: ${message}`, code: "structure" });
  if (!isObject(doc.info)) add("info", "required object");
  else {
    if (typeof doc.info.title !== "string") add("info.title", "required string");
    if (typeof doc.info.version !== "string") add("info.version", "required string");
  }
  if (doc.paths === undefined) {
    if (version !== "3.1") add("paths", "required object");
    else if (doc.components === undefined && doc.webhooks === undefined) {
      add("paths", "an OpenAPI 3.1 document needs paths, components or webhooks");
    }
  } else if (!isObject(doc.paths)) add("paths", "must be an object");
  else checkPaths(doc.paths, version, add);
  if (doc.components !== undefined && !isObject(doc.components))
    add("components", "must be an object");
  if (doc.definitions !== undefined && !isObject(doc.definitions))
    add("definitions", "must be an object");
  checkInternalRefs(doc, errors);
  return errors;
}

type Add = (path: string, message: string) => void;

function checkPaths(paths: SpecObject, version: SpecVersion, add: Add) {
  for (const [key, item] of Object.entries(paths)) {
    if (key.startsWith("x-")) continue;
    const at = `paths["${key}"]`;
    if (!key.startsWith("/")) add(at, "a path must start with /");
    if (!isObject(item)) {
      add(at, "must be a Path Item object");
      continue;
    }
    checkParameters(item.parameters, `${at}.parameters`, add);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      if (!isObject(op)) {
        add(`${at}.${method}`, "must be an Operation object");
        continue;
      }
      checkParameters(op.parameters, `${at}.${method}.parameters`, add);
      if (op.responses === undefined) {
        if (version !== "3.1") add(`${at}.${method}.responses`, "required object");
      } else if (!isObject(op.responses)) add(`${at}.${method}.responses`, "must be an object");
    }
  }
}

function checkParameters(parameters: unknown, at: string, add: Add) {
  if (parameters === undefined) return;
  if (!Array.isArray(parameters)) return add(at, "must be an array");
  parameters.forEach((p: unknown, i) => {
    if (!isObject(p)) return add(`${at}[${i}]`, "must be a Parameter object");
    if (typeof p.$ref === "string") return;
    if (typeof p.name !== "string") add(`${at}[${i}].name`, "required string");
    if (typeof p.in !== "string") add(`${at}[${i}].in`, "required string");
  });
}

/** Most `$ref`s of one document checked (a pathological document stops being walked here). */
const MAX_REFS_CHECKED = 200_000;

/** Every internal `$ref` ("#/…") must resolve inside the document. */
function checkInternalRefs(doc: SpecObject, errors: SpecError[]) {
  let checked = 0;
  const stack: unknown[] = [doc];
  while (stack.length > 0 && checked < MAX_REFS_CHECKED) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      const ref = node.$ref;
      if (typeof ref === "string" && ref.startsWith("#")) {
        checked++;
        if (resolvePointer(doc, ref.slice(1)) === undefined) {
          errors.push({ message: `$ref "${ref}" does not resolve in the document`, code: "ref" });
        }
      }
      for (const value of Object.values(node)) if (typeof value === "object") stack.push(value);
    }
  }
}

/** The value at a JSON Pointer ("" is the root), or undefined when nothing is there. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  if (!pointer.startsWith("/")) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const key = decodeSegment(raw);
    if (key === null) return undefined;
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
  } catch {
    return null;
  }
}

/** The number of operations under `paths` (what a docs page from the spec will list). */
export function countOperations(doc: SpecObject): number {
  if (!isObject(doc.paths)) return 0;
  let count = 0;
  for (const item of Object.values(doc.paths)) {
    if (isObject(item)) for (const m of HTTP_METHODS) if (isObject(item[m])) count++;
  }
  return count;
}
