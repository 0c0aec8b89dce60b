import type { Bindings } from "../../env";
import type { MailEnv } from "../../mail/config";

/** What the e-mail sign-in flows read from the deployment: mail, secret, sign-up rule, app URL. */
export type SignInEnv = MailEnv &
  Pick<Bindings, "SIGNING_SECRET" | "SIGN_UP" | "PUBLIC_APP_URL" | "JOBS">;
