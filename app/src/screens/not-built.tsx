import { Hono } from "hono";
import type { ScreenEnv } from "../http/screen-env";
import { messageResponse } from "../layout/message";

/**
 * The addresses the API's `urls.app` point at whose screens the app has not built yet (the
 * editor's, issue 37): an organization's screens not listed by its routes (`/o/…`), and what
 * under a space's `/s/{spaceId}/~/…` is neither its change requests (screens/changes, the
 * editor) nor its history and revisions (screens/revisions); the space and page screens are
 * screens/space's. Each answers a 404 that says so, not a page pretending to be there.
 */
export const notBuiltRoutes = new Hono<ScreenEnv>();

/** The prefixes of `urls.app` with no screen yet. */
const NOT_BUILT: readonly string[] = ["/o/*", "/s/:space/~/*"];

for (const path of NOT_BUILT) {
  notBuiltRoutes.get(path, () =>
    messageResponse(
      {
        title: "Not in the app yet",
        message: (
          <p>
            This address belongs to a screen of Quire's web app that is not built yet (the editor).
            Its content is available through the API.
          </p>
        ),
        links: [["Go to your organizations", "/"]],
      },
      404,
    ),
  );
}
