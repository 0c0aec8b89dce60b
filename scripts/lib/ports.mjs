// Whether a local port is free, for `npm run dev` to refuse a taken one up front (with the
// command that serves elsewhere) instead of letting wrangler fail half-way, or answer for the
// other checkout's server.
import { createServer } from "node:net";

/** Whether something listens on `port` at `host` (a failed bind other than "in use" says no). */
function takenOn(port, host) {
  return new Promise((done) => {
    const server = createServer();
    server.unref();
    server.once("error", (error) => done(error.code === "EADDRINUSE" || error.code === "EACCES"));
    server.listen({ port, host, exclusive: true }, () => server.close(() => done(false)));
  });
}

/** Whether `port` is taken on the loopback addresses `wrangler dev` serves `localhost` on. */
export async function portTaken(port) {
  const [v4, v6] = await Promise.all([takenOn(port, "127.0.0.1"), takenOn(port, "::1")]);
  return v4 || v6;
}

/**
 * The first port from `start` up, by steps of `step`, for which every port of `offsets(port)` is
 * free; null after `tries`.
 */
export async function freePortSet(start, offsets, { step = 100, tries = 50 } = {}) {
  for (let port = start, i = 0; i < tries && port <= 65535; i++, port += step) {
    const taken = await Promise.all(offsets(port).map(portTaken));
    if (!taken.some(Boolean)) return port;
  }
  return null;
}
