/**
 * Whose request is this: the one rule both Workers use to name the client address a request came
 * from, for per-visitor budgets. The address is read from one header the deployment trusts
 * (`CLIENT_ADDRESS_HEADER`): Cloudflare's `CF-Connecting-IP` by default, which Cloudflare's edge
 * sets on every request and a client cannot forge there. A self-hosted workerd without Cloudflare
 * in front names its own proxy's header (e.g. `X-Forwarded-For`, of which the last entry is the
 * one that proxy appended), or `none` to trust no header (every anonymous client then shares one
 * budget). A value that is not an IP address is no address.
 */

/** The header Cloudflare's edge sets to the connecting client's address. */
const DEFAULT_CLIENT_ADDRESS_HEADER = "CF-Connecting-IP";

/**
 * The header the reader Worker sends on each of its calls to the API naming the visitor it
 * serves. The API honours it only on calls that arrive through the reader's own entrypoint.
 */
export const VISITOR_ADDRESS_HEADER = "X-Quire-Visitor-Address";

/** IPv4 or IPv6 text (with an optional zone), bounded: what an address header may hold. */
const ADDRESS =
  /^(?:\d{1,3}(?:\.\d{1,3}){3}|(?=[0-9A-Fa-f.]*:)[0-9A-Fa-f:.]{2,45}(?:%[\w.-]{1,16})?)$/;

/** `value` when it reads as an IP address, else null. */
export function addressOrNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text && ADDRESS.test(text) ? text : null;
}

/**
 * The client address of a request by the deployment's trusted header (`configured`: the header's
 * name, empty or unset for the default, `none` for no header). A list (`X-Forwarded-For`) gives
 * its last entry: the one the trusted proxy appended, not what the client wrote before it.
 */
export function clientAddress(headers: Headers, configured: string | undefined): string | null {
  const name = configured?.trim() || DEFAULT_CLIENT_ADDRESS_HEADER;
  if (name.toLowerCase() === "none") return null;
  const value = headers.get(name);
  if (value === null) return null;
  const entries = value.split(",");
  return addressOrNull(entries[entries.length - 1]);
}
