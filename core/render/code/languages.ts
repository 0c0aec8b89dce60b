import type { LanguageRegistration } from "shiki/core";
import bash from "shiki/langs/shellscript.mjs";
import c from "shiki/langs/c.mjs";
import cpp from "shiki/langs/cpp.mjs";
import csharp from "shiki/langs/csharp.mjs";
import css from "shiki/langs/css.mjs";
import diff from "shiki/langs/diff.mjs";
import docker from "shiki/langs/docker.mjs";
import go from "shiki/langs/go.mjs";
import graphql from "shiki/langs/graphql.mjs";
import html from "shiki/langs/html.mjs";
import http from "shiki/langs/http.mjs";
import java from "shiki/langs/java.mjs";
import javascript from "shiki/langs/javascript.mjs";
import json from "shiki/langs/json.mjs";
import jsx from "shiki/langs/jsx.mjs";
import kotlin from "shiki/langs/kotlin.mjs";
import markdown from "shiki/langs/markdown.mjs";
import php from "shiki/langs/php.mjs";
import python from "shiki/langs/python.mjs";
import ruby from "shiki/langs/ruby.mjs";
import rust from "shiki/langs/rust.mjs";
import sql from "shiki/langs/sql.mjs";
import swift from "shiki/langs/swift.mjs";
import toml from "shiki/langs/toml.mjs";
import tsx from "shiki/langs/tsx.mjs";
import typescript from "shiki/langs/typescript.mjs";
import xml from "shiki/langs/xml.mjs";
import yaml from "shiki/langs/yaml.mjs";

/**
 * The grammars the reader highlights, imported one by one so the Worker bundles only these (the
 * full Shiki bundle is megabytes). A language not listed renders as escaped plain text.
 */
export const LANGUAGES: LanguageRegistration[][] = [
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  docker,
  go,
  graphql,
  html,
  http,
  java,
  javascript,
  json,
  jsx,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  sql,
  swift,
  toml,
  tsx,
  typescript,
  xml,
  yaml,
];

/** Names GitBook documents use for a code block's syntax that are not a grammar's own name or alias. */
const EXTRA_ALIASES: Record<string, string> = {
  console: "shellscript",
  terminal: "shellscript",
  curl: "shellscript",
  "c++": "cpp",
  "c#": "csharp",
  golang: "go",
  dockerfile: "docker",
  jsonc: "json",
  json5: "json",
  node: "javascript",
  gql: "graphql",
  svg: "xml",
  htm: "html",
  text: "",
  plaintext: "",
  txt: "",
};

/** Every name (grammar names and their aliases) a code block may give, lower case, to its grammar. */
const BY_NAME: Map<string, string> = (() => {
  const names = new Map<string, string>();
  for (const registrations of LANGUAGES) {
    for (const lang of registrations) {
      names.set(lang.name.toLowerCase(), lang.name);
      for (const alias of lang.aliases ?? []) names.set(alias.toLowerCase(), lang.name);
    }
  }
  for (const [alias, name] of Object.entries(EXTRA_ALIASES)) names.set(alias, name);
  return names;
})();

/** The grammar name for a block's `syntax`, or undefined when the reader has none for it. */
export function grammarFor(syntax: string | undefined): string | undefined {
  if (!syntax) return undefined;
  const name = BY_NAME.get(syntax.trim().toLowerCase());
  return name === "" ? undefined : name;
}
