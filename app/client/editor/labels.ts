/**
 * What a block the editor shows but does not edit as text is called on screen: the label of its
 * node view ("Image — a diagram", "Unsupported block: future-widget (kept as is)"). Names not
 * listed get their name in words, so every spec of core/editor/nodes.ts has a label.
 */

type Attrs = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const withDetail = (name: string, detail: string): string =>
  detail ? `${name} — ${detail}` : name;
const field = (value: unknown, name: string): string =>
  typeof value === "object" && value !== null ? text((value as Attrs)[name]) : "";

/** The Document type an opaque carrier holds. */
const carriedType = (attrs: Attrs): string =>
  field(attrs.json, "type") || field(attrs.json, "object") || "unknown";

const LABELS: Readonly<Record<string, (attrs: Attrs) => string>> = {
  image: (a) => withDetail("Image", text(a.alt)),
  embed: (a) => withDetail("Embed", text(a.url)),
  file: () => "File",
  table: () => "Table (text cells editable below; columns and records kept)",
  expandable: () => "Expandable",
  drawing: (a) => withDetail("Drawing", text(a.alt)),
  mathBlock: (a) => withDetail("Math", text(a.formula)),
  contentRef: () => "Content reference",
  reusableContent: () => "Reusable content",
  integration: (a) => withDetail("Integration block", text(a.integration)),
  swagger: (a) => withDetail("OpenAPI operation", `${text(a.method)} ${text(a.path)}`.trim()),
  openapiOperation: () => "OpenAPI operation",
  openapiSchemas: () => "OpenAPI schemas",
  openapiWebhook: () => "OpenAPI webhook",
  fragment: (a) => text(a.name) || "fragment",
  mention: () => "@mention",
  inlineMath: (a) => text(a.formula) || "math",
  inlineImage: (a) => withDetail("image", text(a.alt)),
  button: (a) => text(a.label) || "button",
  emoji: (a) => emojiOf(text(a.code)),
  opaqueBlock: (a) => `Unsupported block: ${carriedType(a)} (kept as is)`,
  opaqueInline: (a) => `Unsupported: ${carriedType(a)} (kept as is)`,
};

/** An emoji's character from GitBook's code ("1f44d", "1f468-200d-1f4bb"), else the code. */
function emojiOf(code: string): string {
  const points = code.split("-").map((part) => Number.parseInt(part, 16));
  if (points.length === 0 || points.some((point) => !Number.isInteger(point) || point > 0x10ffff)) {
    return code;
  }
  return String.fromCodePoint(...points);
}

/** `camelCase` in words ("openapiOperation" → "Openapi operation"). */
function words(name: string): string {
  const spaced = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The label of a node view. */
export function labelOf(name: string, attrs: Attrs): string {
  return LABELS[name]?.(attrs) ?? words(name);
}
