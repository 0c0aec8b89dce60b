import type { ResolveHref } from "./hrefs";
import type { DocumentButton, DocumentEmoji } from "./types-gitbook";
import type { DocumentLeaf, DocumentText, InlineContent, MarkType } from "./types";

/** Canonical order of marks on a leaf, so equal formatting compares equal. */
const MARK_ORDER: MarkType[] = ["bold", "italic", "strikethrough", "code"];

/** What inline conversion needs from the whole parse. */
export interface InlineContext {
  resolveHref: ResolveHref | undefined;
  /** Markdown heading levels above the Document's (GitBook pages: 1, `##` is `heading-1`). */
  headingShift?: number;
}

/** The colours of a `<mark style="color:…;background-color:…">` (`default` for none). */
export interface ColorData {
  text: string;
  background: string;
}

/** A `<a class="button …">` being read: its label collects the text up to `</a>`. */
export interface ButtonCapture {
  data: Omit<DocumentButton["data"], "label">;
  label: string;
}

/** Emoji GitBook stores as emoji inlines: pictographs of the emoji planes, or with U+FE0F. */
const EMOJI =
  /(?:[\u{1F000}-\u{1FAFF}]|\p{Extended_Pictographic}\uFE0F)(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}]|\u200D(?:[\u{1F000}-\u{1FAFF}]|\p{Extended_Pictographic})\uFE0F?|[\u{1F1E6}-\u{1F1FF}])*/gu;

/** The emoji inline of a matched emoji (its code points in hex, joined by `-`). */
function emojiInline(text: string): DocumentEmoji {
  const code = [...text].map((ch) => (ch.codePointAt(0) as number).toString(16)).join("-");
  return { object: "inline", type: "emoji", key: "", isVoid: true, data: { code } };
}

/** Builds a list of inlines, merging adjacent leaves that carry the same marks. */
export class InlineBuilder {
  readonly out: InlineContent[] = [];
  private leaves: DocumentLeaf[] = [];
  /** Open `<mark>` colours, innermost last. */
  colors: ColorData[] = [];
  button: ButtonCapture | null = null;
  /** Emoji become emoji inlines (not inside links, whose content is text only). */
  constructor(private readonly emoji = true) {}

  leaf(text: string, marks: MarkType[]): void {
    if (text === "") return;
    if (this.button) {
      this.button.label += text;
      return;
    }
    if (this.emoji && !marks.includes("code") && /[\u{1F000}-\u{1FAFF}]|\uFE0F/u.test(text)) {
      let at = 0;
      for (const match of text.matchAll(EMOJI)) {
        this.plainLeaf(text.slice(at, match.index), marks);
        this.inline(emojiInline(match[0]));
        at = match.index + match[0].length;
      }
      this.plainLeaf(text.slice(at), marks);
      return;
    }
    this.plainLeaf(text, marks);
  }

  private plainLeaf(text: string, marks: MarkType[]): void {
    if (text === "") return;
    const sorted = MARK_ORDER.filter((mark) => marks.includes(mark));
    const color = this.colors[this.colors.length - 1];
    const signature = `${sorted.join()}|${color ? `${color.text}/${color.background}` : ""}`;
    const last = this.leaves[this.leaves.length - 1];
    if (last && leafSignature(last) === signature) {
      last.text += text;
      return;
    }
    const leafMarks: DocumentLeaf["marks"] = sorted.map((type) => ({
      object: "mark" as const,
      type,
    }));
    if (color) leafMarks.push({ object: "mark", type: "color", data: { ...color } });
    this.leaves.push({ object: "leaf", text, marks: leafMarks });
  }

  inline(node: InlineContent): void {
    this.flush();
    this.out.push(node);
  }

  flush(): void {
    if (this.leaves.length > 0)
      this.out.push({ object: "text", leaves: this.leaves } as DocumentText);
    this.leaves = [];
  }

  done(): InlineContent[] {
    if (this.button) {
      const label = this.button.label;
      this.button = null;
      this.leaf(label, []);
    }
    this.flush();
    return this.out;
  }
}

/** A leaf's formatting as one string: its plain marks, then its colour. */
function leafSignature(leaf: DocumentLeaf): string {
  const plain = leaf.marks.filter((mark) => mark.type !== "color").map((mark) => mark.type);
  const color = leaf.marks.find((mark) => mark.type === "color");
  const data = color && "data" in color ? `${color.data.text}/${color.data.background}` : "";
  return `${plain.join()}|${data}`;
}
