/**
 * A page's or space's emoji as the text to show: the API stores code points in hex ("1f680",
 * "1f1eb-1f1f7") or the character itself. One rule for the reader's pages and the app's screens.
 */

/** An emoji as text: hex code points read as characters, anything else as it is ("" if invalid). */
export function emojiOf(value: string): string {
  if (!/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(value)) return value;
  try {
    return String.fromCodePoint(...value.split("-").map((hex) => parseInt(hex, 16)));
  } catch {
    return "";
  }
}

/** An emoji as typed (the character, or its hex code) as GitBook stores it: hex code points. */
export function emojiCode(value: string): string {
  const typed = value.trim();
  if (!typed || /^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(typed)) return typed.toLowerCase();
  return [...typed].map((ch) => (ch.codePointAt(0) ?? 0).toString(16)).join("-");
}
