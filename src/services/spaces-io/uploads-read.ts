import type { ImportRunRow } from "../../db/schema";
import { isMarkdownPath } from "../../../core/gitsync";
import { addHtmlPage, isHtmlPath, MAX_HTML_BYTES, MAX_MARKDOWN_BYTES } from "./html-page";
import { readZipSource, type SourceFiles } from "./read-source";
import { ArchiveRefused } from "./zip-directory";
import type { Warnings } from "./warnings";

/** The file name an upload was made with: the last segment of its storage key. */
function uploadName(key: string): string {
  return key.split("/").pop() ?? key;
}

/** An uploaded page's text, or null when it is larger than `max` bytes (not read). */
async function uploadText(bucket: R2Bucket, key: string, name: string, max: number) {
  const object = await bucket.get(key);
  if (!object) throw new ArchiveRefused(`The upload "${name}" is gone; upload it again`);
  if (object.size <= max) return object.text();
  await object.body.cancel();
  return null;
}

/**
 * Reads a run's uploaded files (official source `file`, storage keys from
 * `generateStorageUploadURL`): a zip is a repository or a markdown folder; a markdown file is one
 * page named after the file; an HTML page is one page too (`html-page.ts`); any other kind of
 * file is a warning.
 */
export async function readUploadedSource(
  bucket: R2Bucket,
  run: Pick<ImportRunRow, "source">,
  out: SourceFiles,
  warnings: Warnings,
): Promise<void> {
  if (run.source.type !== "file") return;
  for (const key of run.source.files) {
    const name = uploadName(key);
    if (/\.zip$/i.test(name)) {
      await readZipSource(bucket, key, out, warnings);
      continue;
    }
    const markdown = isMarkdownPath(name);
    if (markdown || isHtmlPath(name)) {
      const text = await uploadText(
        bucket,
        key,
        name,
        markdown ? MAX_MARKDOWN_BYTES : MAX_HTML_BYTES,
      );
      if (text === null) warnings.add(`${name}: larger than ${markdown ? 1 : 5} MB; not imported`);
      else if (markdown) out.markdown.set(name, text);
      else addHtmlPage(out.markdown, name, text, warnings);
      continue;
    }
    warnings.add(`${name}: not a zip, a markdown or an HTML file; not imported`);
  }
}
