import { parse as parseYaml } from "yaml";
import { normalizePath } from "./paths";

/** What `.gitbook.yaml` says: where the docs are, their readme and summary, and redirects. */
export interface GitbookConfig {
  /** The docs folder inside the repository ("" for the root). */
  root: string;
  /** The first page's file, relative to the root. */
  readme: string;
  /** The table of contents, relative to the root. */
  summary: string;
  /** Old path → new file, relative to the root. */
  redirects: Record<string, string>;
}

/** The configuration of a repository without `.gitbook.yaml`. */
export const DEFAULT_CONFIG: GitbookConfig = {
  root: "",
  readme: "README.md",
  summary: "SUMMARY.md",
  redirects: {},
};

/** Reads `.gitbook.yaml`; what cannot be used is reported in `warnings` and the default kept. */
export function parseGitbookConfig(text: string): { config: GitbookConfig; warnings: string[] } {
  const warnings: string[] = [];
  const config: GitbookConfig = { ...DEFAULT_CONFIG, redirects: {} };
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    warnings.push(`.gitbook.yaml: not valid YAML (${(error as Error).message.split("\n")[0]})`);
    return { config, warnings };
  }
  if (data === null || data === undefined) return { config, warnings };
  if (typeof data !== "object" || Array.isArray(data)) {
    warnings.push(".gitbook.yaml: not a map of keys; ignored");
    return { config, warnings };
  }
  const record = data as Record<string, unknown>;
  const path = (value: unknown, field: string): string | null => {
    if (value === undefined) return null;
    const normalized = typeof value === "string" ? normalizePath(value) : null;
    if (normalized === null)
      warnings.push(`.gitbook.yaml: ${field} is not a path inside the repository`);
    return normalized;
  };
  const root = path(record.root, "root");
  if (root !== null) config.root = root;
  const structure = record.structure;
  if (structure && typeof structure === "object" && !Array.isArray(structure)) {
    const s = structure as Record<string, unknown>;
    const readme = path(s.readme, "structure.readme");
    const summary = path(s.summary, "structure.summary");
    if (readme) config.readme = readme;
    if (summary) config.summary = summary;
  }
  const redirects = record.redirects;
  if (redirects && typeof redirects === "object" && !Array.isArray(redirects)) {
    for (const [from, to] of Object.entries(redirects as Record<string, unknown>)) {
      const target = typeof to === "string" ? normalizePath(to) : null;
      if (target) config.redirects[from.replace(/^\/+/, "")] = target;
      else warnings.push(`.gitbook.yaml: the redirect from "${from}" has no usable target`);
    }
  }
  return { config, warnings };
}

/** Quotes a YAML scalar when it needs it (JSON strings are valid YAML). */
function scalar(value: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(value) ? value : JSON.stringify(value);
}

/** Writes `.gitbook.yaml` as GitBook does: root, structure, then redirects (sorted). */
export function renderGitbookConfig(config: GitbookConfig): string {
  const lines = [
    `root: ./${config.root ? `${config.root}/` : ""}`,
    "",
    "structure:",
    `  readme: ${scalar(config.readme)}`,
    `  summary: ${scalar(config.summary)}`,
  ];
  const redirects = Object.entries(config.redirects).sort(([a], [b]) => (a < b ? -1 : 1));
  if (redirects.length > 0) {
    lines.push("", "redirects:");
    for (const [from, to] of redirects) lines.push(`  ${scalar(from)}: ${scalar(to)}`);
  }
  return `${lines.join("\n")}\n`;
}
