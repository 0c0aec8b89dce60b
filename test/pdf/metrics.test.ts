import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { glyphWidth, type Metrics } from "../../src/pdf/metrics";
import { winAnsiByte, winAnsiChar } from "../../src/pdf/winansi";

const FONTS: [StandardFonts, Metrics][] = [
  [StandardFonts.Helvetica, "regular"],
  [StandardFonts.HelveticaOblique, "regular"],
  [StandardFonts.HelveticaBold, "bold"],
  [StandardFonts.HelveticaBoldOblique, "bold"],
  [StandardFonts.Courier, "mono"],
  [StandardFonts.CourierBold, "mono"],
];

describe("standard font metrics", () => {
  it("match pdf-lib's Adobe metrics for every WinAnsi character of the six fonts", async () => {
    const doc = await PDFDocument.create();
    const chars: string[] = [];
    for (let byte = 0x20; byte <= 0xff; byte++) {
      const char = winAnsiChar(byte);
      if (winAnsiByte(char.codePointAt(0)!) === byte) chars.push(char);
    }
    expect(chars).toHaveLength(218);
    for (const [font, metrics] of FONTS) {
      const embedded = await doc.embedFont(font);
      for (const char of chars) {
        const width = glyphWidth(metrics, char.charCodeAt(0));
        expect([font, char, width]).toEqual([font, char, embedded.widthOfTextAtSize(char, 1000)]);
      }
    }
  });
});
