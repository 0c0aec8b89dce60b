/** Counts the addresses handed out in this test worker: each call gets a new one. */
let handedOut = 0;

/**
 * A client address no other test of this worker uses, inside the documentation range `prefix`
 * (two octets, e.g. "198.51"): the rate-limit bindings' keys outlive a test file, and the API
 * believes only addresses that read as IP addresses (core/requests/client-address.ts).
 */
export function uniqueAddress(prefix = "198.51"): string {
  handedOut += 1;
  const salt = Math.floor(Math.random() * 200);
  return `${prefix}.${(salt + Math.floor(handedOut / 250)) % 256}.${(handedOut % 250) + 1}`;
}
