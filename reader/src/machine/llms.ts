/**
 * What language models read of a published site (llmstxt.org): llms.txt, the site's pages as a
 * list of links to their markdown, and llms-full.txt, every page's markdown in reading order
 * within bounds; and the title line every page's markdown starts with. Pure: the routes read
 * the pages and hand them in.
 */

/** llms-full.txt holds at most this many pages… */
export const MAX_FULL_PAGES = 1000;
/** …and at most this many bytes (UTF-8). */
const MAX_FULL_BYTES = 5 * 1024 * 1024;

/** A page as llms.txt lists it. */
interface LlmsPage {
  title: string;
  /** The absolute URL of the page's markdown (`….md`). */
  url: string;
  description?: string;
}

/** A group of pages: a site space, under a heading when the site has several. */
export interface LlmsSection {
  heading?: string;
  description?: string;
  pages: LlmsPage[];
}

/** Everything llms.txt says. */
export interface LlmsIndex {
  title: string;
  description?: string;
  sections: LlmsSection[];
}

/** Text on one line (headings, quotes and list items cannot span lines). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A title as a markdown link's text: brackets escaped so the link stays a link. */
function linkText(text: string): string {
  return oneLine(text).replace(/([\\[\]])/g, "\\$1");
}

/** A URL as a markdown link's target: spaces and parentheses escaped. */
function linkTarget(url: string): string {
  return url.replace(/ /g, "%20").replace(/\(/g, "%28").replace(/\)/g, "%29");
}

/** Whether the markdown already opens with the page's title as its heading 1. */
function opensWithTitle(title: string, markdown: string): boolean {
  const first = markdown.trimStart().split("\n", 1)[0] ?? "";
  return oneLine(first) === `# ${oneLine(title)}`;
}

/** A page's markdown with its title as the first line (`# Title`), written once. */
export function withTitle(title: string, markdown: string): string {
  if (opensWithTitle(title, markdown)) return `${markdown.trimStart().trimEnd()}\n`;
  const body = markdown.trim();
  return body ? `# ${oneLine(title)}\n\n${body}\n` : `# ${oneLine(title)}\n`;
}

/** llms.txt: `# Title`, `> description`, then each section's pages as links to their markdown. */
export function llmsIndexText(index: LlmsIndex): string {
  const lines = [`# ${oneLine(index.title)}`, ""];
  if (index.description && oneLine(index.description)) {
    lines.push(`> ${oneLine(index.description)}`, "");
  }
  for (const section of index.sections) {
    if (section.pages.length === 0) continue;
    if (section.heading) lines.push(`## ${oneLine(section.heading)}`, "");
    if (section.description && oneLine(section.description)) {
      lines.push(oneLine(section.description), "");
    }
    for (const page of section.pages) {
      const description = page.description ? oneLine(page.description) : "";
      const link = `- [${linkText(page.title)}](${linkTarget(page.url)})`;
      lines.push(description ? `${link}: ${description}` : link);
    }
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A page as llms-full.txt holds it. */
export interface LlmsFullPage {
  title: string;
  /** The page's absolute URL (its `Source:`). */
  url: string;
  markdown: string;
}

/**
 * llms-full.txt, built page by page in reading order until MAX_FULL_PAGES or MAX_FULL_BYTES:
 * `add` says whether the page fit; once one does not, the file is full and `text` ends with a
 * line saying where the rest is.
 */
export class LlmsFullText {
  private readonly parts: string[] = [];
  private bytes = 0;
  private pages = 0;
  private cut = false;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly maxPages = MAX_FULL_PAGES,
    private readonly maxBytes = MAX_FULL_BYTES,
  ) {}

  /** Adds a page; false (and nothing added) when it would pass a bound. */
  add(page: LlmsFullPage): boolean {
    if (this.cut) return false;
    const body = withTitle(page.title, page.markdown);
    const [titleLine, ...rest] = body.split("\n");
    const part = `${titleLine}\n\nSource: ${page.url}\n${rest.join("\n")}`;
    const size = this.encoder.encode(part).byteLength + 1;
    if (this.pages >= this.maxPages || this.bytes + size > this.maxBytes) {
      this.cut = true;
      return false;
    }
    this.parts.push(part);
    this.bytes += size;
    this.pages += 1;
    return true;
  }

  /** Whether a page was left out. */
  get full(): boolean {
    return this.cut;
  }

  /** The file; when `left` pages were not added, a last line naming them and where they are. */
  text(left: number, indexUrl: string): string {
    const body = this.parts.join("\n");
    if (left <= 0) return body;
    const note =
      `This file was cut after ${this.pages} pages (at most ${this.maxPages} pages and ` +
      `${Math.round(this.maxBytes / 1024 / 1024)} MB); the other ${left} pages are listed ` +
      `with links to their markdown in ${indexUrl}`;
    return `${body}\n${note}\n`;
  }
}
