/**
 * WinAnsi text for the PDF standard fonts (Helvetica, Courier), which can show only the 218
 * characters of Windows-1252. User text may hold anything, so it is mapped here and never makes
 * the renderer throw: typographic look-alikes are substituted, accents outside the set are
 * dropped (ő → o), and whatever is left (emoji, CJK, symbols) becomes REPLACEMENT.
 */

/** What a character the fonts cannot show becomes (documented in docs/compat-notes/pdf.md). */
export const REPLACEMENT = "?";

/** Windows-1252 bytes 0x80–0x9F: the characters WinAnsi adds to Latin-1, by byte. */
// prettier-ignore
const EXTRAS: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020,
  0x87: 0x2021, 0x88: 0x02c6, 0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152,
  0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c, 0x94: 0x201d, 0x95: 0x2022,
  0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

/** Unicode code point → WinAnsi byte, for the characters outside Latin-1. */
const BYTE_OF: ReadonlyMap<number, number> = new Map<number, number>(
  Object.entries(EXTRAS).map(([byte, point]) => [point, Number(byte)]),
);

/** Look-alikes for common characters WinAnsi lacks. */
// prettier-ignore
const SUBSTITUTES: Record<string, string> = {
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2015": "-", "\u2212": "-",
  "\u2032": "'", "\u2033": '"', "\u2190": "<-", "\u2192": "->", "\u2194": "<->",
  "\u21d2": "=>", "\u2264": "<=", "\u2265": ">=", "\u2260": "!=", "\u2248": "~",
  "\u2713": "v", "\u2714": "v", "\u2717": "x", "\u2718": "x", "\u2715": "x",
  "\u25cf": "\u2022", "\u25e6": "\u00b0", "\u2043": "-", "\u2219": "\u00b7",
  "\u00ad": "", "\u2028": " ", "\u2029": " ", "\t": "    ",
  "\u0141": "L", "\u0142": "l", "\u0110": "D", "\u0111": "d", "\u0131": "i",
  "\u0126": "H", "\u0127": "h", "\u0166": "T", "\u0167": "t",
};

/** Characters with no width that only modify their neighbours: joiners, variation selectors. */
// Every member is matched alone on purpose (the /u flag reads code points, not sequences).
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class
  /[\u200b-\u200f\u2060-\u2064\ufe00-\ufe0f\ufeff\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]/gu;

/** Emoji drawn as one picture from several code points: ZWJ sequences and flags. */
const EMOJI_SEQUENCE =
  // eslint-disable-next-line no-misleading-character-class
  /\p{Extended_Pictographic}(?:[\ufe0f\u{1f3fb}-\u{1f3ff}]*\u200d\p{Extended_Pictographic})+|[\u{1f1e6}-\u{1f1ff}]{2}/gu;

/** The WinAnsi byte of a code point, or undefined when the standard fonts cannot show it. */
export function winAnsiByte(point: number): number | undefined {
  if ((point >= 0x20 && point <= 0x7e) || (point >= 0xa0 && point <= 0xff)) return point;
  return BYTE_OF.get(point);
}

/** The character a WinAnsi byte shows (for reading text back out of a PDF). */
export function winAnsiChar(byte: number): string {
  const extra = EXTRAS[byte];
  return String.fromCodePoint(extra ?? byte);
}

/** One character made showable: itself, a look-alike, its base letter, or REPLACEMENT. */
function mapChar(ch: string): string {
  const point = ch.codePointAt(0) ?? 0;
  if (winAnsiByte(point) !== undefined) return ch;
  const substitute = SUBSTITUTES[ch];
  if (substitute !== undefined) return substitute;
  if (point < 0x20 || (point >= 0x7f && point < 0xa0)) return "";
  if (/\p{Zs}/u.test(ch)) return " ";
  // Compatibility decomposition: accented letters lose their accent, ligatures split (ﬁ → fi).
  const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
  if (
    base !== "" &&
    base !== ch &&
    [...base].every((c) => winAnsiByte(c.codePointAt(0) ?? 0) !== undefined)
  ) {
    return base;
  }
  if (/\p{M}/u.test(ch)) return "";
  return REPLACEMENT;
}

/**
 * Text the standard fonts can show, character for character (line breaks are the caller's:
 * "\n" is kept). Composed forms are tried first, so "e" + combining acute stays "é".
 */
export function toWinAnsi(text: string): string {
  let out = "";
  let plain = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7e || (code < 0x20 && code !== 0x0a)) {
      plain = false;
      break;
    }
  }
  if (plain) return text;
  const prepared = text
    .normalize("NFC")
    .replace(EMOJI_SEQUENCE, REPLACEMENT)
    .replace(INVISIBLE, "");
  for (const ch of prepared) {
    out += ch === "\n" ? ch : mapChar(ch);
  }
  return out;
}

/** PDF hex string of WinAnsi text (every character already passed through toWinAnsi). */
export function winAnsiHex(text: string): string {
  let hex = "<";
  for (let i = 0; i < text.length; i++) {
    const byte = winAnsiByte(text.charCodeAt(i)) ?? 0x3f;
    hex += (byte < 16 ? "0" : "") + byte.toString(16);
  }
  return `${hex}>`;
}
