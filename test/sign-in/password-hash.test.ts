import { describe, expect, it } from "vitest";
import {
  CURRENT_PARAMS,
  hashPassword,
  needsRehash,
  parseHash,
  verifyPassword,
} from "../../src/lib/passwords/hash";
import { isCommonPassword, passwordProblem } from "../../src/lib/passwords/common";

describe("password hashes (node:crypto scrypt inside workerd)", () => {
  it("hashes self-describingly, verifies in constant time, rehashes weaker ones", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$v=1\$N=16384,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(parseHash(hash)?.params).toEqual(CURRENT_PARAMS);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterz", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    const weak = await hashPassword("correct horse battery", { N: 2 ** 10, r: 8, p: 1 });
    expect(await verifyPassword("correct horse battery", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    // A forged row asking for a gigabyte, or not a hash at all, never verifies.
    expect(await verifyPassword("x", hash.replace("N=16384", "N=1048576"))).toBe(false);
    expect(await verifyPassword("x", "plain text")).toBe(false);
  });

  it("refuses short, common and decorated-common passwords", () => {
    expect(isCommonPassword("Password")).toBe(true);
    expect(isCommonPassword("dragon2024!")).toBe(true);
    expect(isCommonPassword("qwertyqwerty")).toBe(true);
    expect(isCommonPassword("plinth-marmot-ochre")).toBe(false);
    expect(passwordProblem("short1!", "a@b.test")).toMatch(/at least 10/);
    expect(passwordProblem("1234567890", "a@b.test")).toMatch(/most common/);
    expect(passwordProblem("plinth-marmot-ochre", "a@b.test")).toBeNull();
  });
});
