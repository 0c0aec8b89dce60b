import { Composer, LineCounter, Parser, YAMLParseError, type Document } from "yaml";
import { tooDeep } from "./bounds";

/**
 * Characters of YAML lexed and parsed between two pauses. The `yaml` parser spends ~1 s per MB
 * on a loaded machine (bench/large-spec.mjs); a pause every 64 K characters keeps each turn of
 * the event loop it takes short, so the requests of the same isolate are served meanwhile.
 */
const CHUNK = 64 * 1024;

/** Gives the isolate's other work a turn (a timer, not a microtask: I/O callbacks run). */
export function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A parsed YAML document and its errors, each with its 1-based line and column. */
export interface ParsedYaml {
  doc: Document.Parsed;
  errors: { message: string; line?: number; column?: number }[];
}

/**
 * Parses one YAML document as `parseDocument` would (unique keys not enforced, one document),
 * feeding the parser about `CHUNK` characters (whole lines) at a time and awaiting `wait` between chunks and before
 * composing. A nesting deep enough to exhaust the parser's recursion is the depth `PARSE_ERROR`.
 */
export async function parseYamlText(text: string, wait = pause): Promise<ParsedYaml> {
  const lines = new LineCounter();
  const parser = new Parser(lines.addNewLine);
  const tokens = [];
  try {
    // Whole lines per chunk: the parser takes a stream in pieces, but a piece ending inside a
    // line can change how that line is read.
    for (let at = 0; ; ) {
      const cut = text.indexOf("\n", at + CHUNK);
      const end = cut < 0 ? text.length : cut + 1;
      const last = end >= text.length;
      for (const token of parser.parse(text.slice(at, end), !last)) tokens.push(token);
      if (last) break;
      at = end;
      await wait();
    }
    await wait();
    const composer = new Composer({ uniqueKeys: false });
    const docs = [...composer.compose(tokens, true, text.length)];
    const doc = docs[0]!;
    if (docs.length > 1) {
      const range = docs[1]!.range;
      doc.errors.push(
        new YAMLParseError(
          [range[0], range[1]],
          "MULTIPLE_DOCS",
          "Source contains multiple documents",
        ),
      );
    }
    const errors = doc.errors.map((e) => {
      const { line, col } = lines.linePos(e.pos[0]);
      return { message: e.message.split("\n")[0]!, line, column: col };
    });
    return { doc, errors };
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  }
}
