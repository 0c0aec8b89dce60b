import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  REPLACEMENT,
  toWinAnsi,
  winAnsiByte,
  winAnsiChar,
  winAnsiHex,
} from "../../src/pdf/winansi";

describe("WinAnsi text", () => {
  it("accepts exactly what pdf-lib's standard fonts encode, and maps bytes back", async () => {
    const doc = await PDFDocument.create();
    const fonts = await Promise.all(
      [StandardFonts.Helvetica, StandardFonts.CourierBold].map((f) => doc.embedFont(f)),
    );
    let accepted = 0;
    for (let point = 0; point < 0x3000; point++) {
      const byte = winAnsiByte(point);
      if (byte === undefined) continue;
      accepted++;
      const ch = String.fromCodePoint(point);
      for (const font of fonts) expect(() => font.encodeText(ch), ch).not.toThrow();
      expect(winAnsiChar(byte)).toBe(ch);
      expect(winAnsiHex(ch)).toBe(fonts[0]!.encodeText(ch).toString().toLowerCase());
    }
    expect(accepted).toBe(218);
  });

  it("substitutes look-alikes, strips accents it lacks and replaces the rest", () => {
    expect(toWinAnsi("plain text")).toBe("plain text");
    expect(toWinAnsi("a → b ≤ c − d\tend")).toBe("a -> b <= c - d    end");
    expect(toWinAnsi("Łódź ő ﬁne e\u0301")).toBe("Lódz o fine é");
    expect(toWinAnsi("漢字 🚀 👩‍💻 🇫🇷 👍🏽!")).toBe(`${REPLACEMENT.repeat(2)} ? ? ? ?!`);
    expect(toWinAnsi("zero\u200bwidth\u00a0nbsp\u2003em")).toBe("zerowidth\u00a0nbsp em");
    expect(toWinAnsi("bell\u0007 line\nbreak")).toBe("bell line\nbreak");
  });

  it("never yields a character the fonts cannot encode", () => {
    let sample = "";
    for (let point = 0; point < 0x11000; point += 7) {
      if (point >= 0xd800 && point < 0xe000) continue;
      sample += String.fromCodePoint(point);
    }
    for (const ch of toWinAnsi(sample)) {
      if (ch !== "\n") expect(winAnsiByte(ch.codePointAt(0)!), ch).toBeDefined();
    }
  });
});
