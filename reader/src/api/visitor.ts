import type { ReaderEnv } from "../env";
import { clientAddress, VISITOR_ADDRESS_HEADER } from "../../../core/requests/client-address";

/**
 * The reader's bindings for one visitor's request: every call its `API` binding makes names that
 * visitor's address (`X-Quire-Visitor-Address`), so the API keeps each visitor's rate-limit
 * budget apart: one crawler spends its own, not every reader's. The API believes the header only
 * on calls through its `ReaderGateway` entrypoint, which only this service binding reaches.
 */
export function forVisitor(env: ReaderEnv, request: Request): ReaderEnv {
  const address = clientAddress(request.headers, env.CLIENT_ADDRESS_HEADER);
  if (!address) return env;
  const api = env.API;
  const visitorApi = {
    fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
      headers.set(VISITOR_ADDRESS_HEADER, address);
      return api.fetch(input, { ...init, headers });
    },
    connect: api.connect.bind(api),
  } as Fetcher;
  return { ...env, API: visitorApi };
}
