import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../core/digest";

/** The one SHA-256 of both Workers (core/digest.ts). */
describe("sha256Hex", () => {
  const ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  it("digests text as UTF-8 and bytes alike (FIPS 180-2's 'abc' vector)", async () => {
    expect(await sha256Hex("abc")).toBe(ABC);
    expect(await sha256Hex(new TextEncoder().encode("abc"))).toBe(ABC);
    expect(await sha256Hex(new TextEncoder().encode("abc").buffer)).toBe(ABC);
  });

  it("keeps the first bytes when asked (short ETags and keys)", async () => {
    expect(await sha256Hex("abc", 12)).toBe(ABC.slice(0, 24));
    expect(await sha256Hex("abc", 16)).toBe(ABC.slice(0, 32));
    expect(await sha256Hex("abc", 64)).toBe(ABC);
  });
});
