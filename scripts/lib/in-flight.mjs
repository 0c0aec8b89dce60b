// The requests a browser test's pages have sent and not seen answered: printed when a test fails
// (a navigation that never reached `load` waited on one of them; which one names the hang).

/**
 * Watches every page `browser` opens (and `first`): `pending(olderThanMs)` lists the requests
 * still without an answer, oldest first, as "<age> s <method> <url> (<type>)".
 */
export function watchRequests(browser, first) {
  const open = new Map();
  const watch = (page) => {
    page.on("request", (request) => open.set(request, Date.now()));
    for (const done of ["requestfinished", "requestfailed"]) {
      page.on(done, (request) => open.delete(request));
    }
  };
  watch(first);
  const onTarget = async (target) => {
    const page = await target.page().catch(() => null);
    if (page && page !== first) watch(page);
  };
  browser.on("targetcreated", onTarget);
  return {
    pending(olderThanMs = 5_000) {
      const now = Date.now();
      return [...open]
        .filter(([, at]) => now - at >= olderThanMs)
        .sort((a, b) => a[1] - b[1])
        .map(
          ([r, at]) =>
            `${((now - at) / 1000).toFixed(1)} s ${r.method()} ${r.url()} (${r.resourceType()})`,
        );
    },
    stop() {
      browser.off("targetcreated", onTarget);
    },
  };
}
