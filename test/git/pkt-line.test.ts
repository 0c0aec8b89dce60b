import { describe, expect, it } from "vitest";
import {
  DELIM_PKT,
  FLUSH_PKT,
  MAX_PKT_DATA,
  pktLine,
  pktText,
  readPktLines,
  PktLineError,
  type PktLine,
} from "../../src/git/pkt-line";

describe("pkt-line", () => {
  it("frames and reads lines, flushes and delimiters", () => {
    const a = pktLine("command=ls-refs\n");
    expect(new TextDecoder().decode(a)).toBe("0014command=ls-refs\n");
    const all = new Uint8Array([...a, ...DELIM_PKT, ...FLUSH_PKT]);
    const lines: PktLine[] = readPktLines(all);
    expect(lines.map((l) => l.kind)).toEqual(["data", "delim", "flush"]);
    expect(pktText(lines[0]!)).toBe("command=ls-refs");
  });

  it("refuses oversized lines, garbage and cut answers", () => {
    expect(() => pktLine(new Uint8Array(MAX_PKT_DATA + 1))).toThrow(PktLineError);
  });

  it("refuses garbage and cut answers", () => {
    expect(() => readPktLines(new TextEncoder().encode("<html>"))).toThrow(PktLineError);
    expect(() => readPktLines(new TextEncoder().encode("0010abc"))).toThrow(PktLineError);
  });
});
