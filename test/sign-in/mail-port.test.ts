import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { testDb, unique } from "../helpers/factories";
import { mailTo } from "../helpers/sign-in";
import { sendMail, sendMailJob } from "../../src/mail";
import { mailTransport } from "../../src/mail/config";
import { PermanentJobError, type JobContext } from "../../src/jobs/define";
import { createOutbound } from "../../src/outbound";
import { mailOutbox } from "../../src/db/schema";
import type { Bindings } from "../../src/env";

const FAKE = "https://mail.example.com";

/** A job context for the http transport of one provider kind, on the fake mail host. */
function httpContext(kind: string, path: string): JobContext {
  const bindings = {
    ...(env as unknown as Bindings),
    MAIL_TRANSPORT: "http",
    MAIL_API_KIND: kind,
    MAIL_API_URL: `${FAKE}${path}`,
    MAIL_API_KEY: `key-${kind}`,
    MAIL_FROM: "Quire <no-reply@docs.example.com>",
  };
  return {
    env: bindings,
    db: testDb(),
    outbound: createOutbound(bindings),
    attempt: 1,
    afterMain: { hooks: [], db: testDb(), jobs: bindings.JOBS },
    enqueue: async () => {},
  };
}

async function logOf(to: string) {
  const res = await fetch(`${FAKE}/__log?to=${encodeURIComponent(to)}`);
  return (
    (await res.json()) as {
      calls: {
        path: string;
        authorization: string | null;
        postmarkToken: string | null;
        body: Record<string, unknown>;
      }[];
    }
  ).calls;
}

const message = (to: string) => ({
  to,
  subject: "Hello",
  text: "Hi there",
  html: "<p>Hi there</p>",
});

describe("the mail port", () => {
  it.each([
    [
      "cloudflare",
      "/client/v4/accounts/acc123/email/sending/send",
      {
        to: "@",
        from: { address: "no-reply@docs.example.com", name: "Quire" },
        subject: "Hello",
        html: "<p>Hi there</p>",
        text: "Hi there",
      },
    ],
    [
      "resend",
      "/emails",
      {
        from: "Quire <no-reply@docs.example.com>",
        to: ["@"],
        subject: "Hello",
        html: "<p>Hi there</p>",
        text: "Hi there",
      },
    ],
    [
      "postmark",
      "/email",
      {
        From: "Quire <no-reply@docs.example.com>",
        To: "@",
        Subject: "Hello",
        HtmlBody: "<p>Hi there</p>",
        TextBody: "Hi there",
        MessageStream: "outbound",
      },
    ],
    [
      "generic",
      "/send",
      {
        from: "Quire <no-reply@docs.example.com>",
        to: "@",
        subject: "Hello",
        text: "Hi there",
        html: "<p>Hi there</p>",
      },
    ],
  ])("sends through the %s API in its documented shape", async (kind, path, shape) => {
    const to = `${unique(kind)}@example.test`;
    await sendMailJob.run(message(to), httpContext(kind, path));
    const [sent] = await logOf(to);
    expect(sent!.path).toBe(path);
    const expected = JSON.parse(JSON.stringify(shape).replaceAll('"@"', JSON.stringify(to)));
    expect(sent!.body).toEqual(expected);
    if (kind === "postmark") expect(sent!.postmarkToken).toBe("key-postmark");
    else expect(sent!.authorization).toBe(`Bearer key-${kind}`);
  });

  it("retries what a retry can mend and fails at once what it cannot", async () => {
    const ctx = httpContext("resend", "/emails");
    const flaky = `fail-once-${unique()}@example.test`;
    await expect(sendMailJob.run(message(flaky), ctx)).rejects.not.toBeInstanceOf(
      PermanentJobError,
    );
    await sendMailJob.run(message(flaky), ctx);
    expect(await logOf(flaky)).toHaveLength(2);
    const refused = sendMailJob.run(message(`refused-${unique()}@example.test`), ctx);
    await expect(refused).rejects.toBeInstanceOf(PermanentJobError);
  });

  it("refuses mail when no transport is configured, naming why", async () => {
    expect(mailTransport({})).toEqual({ kind: "none", reason: 'MAIL_TRANSPORT is "none"' });
    expect(mailTransport({ MAIL_TRANSPORT: "http", MAIL_API_URL: FAKE })).toMatchObject({
      kind: "none",
      reason: "the http mail transport needs MAIL_API_KEY, MAIL_FROM",
    });
    const none = { ...env, MAIL_TRANSPORT: "none" } as unknown as Bindings;
    await expect(sendMail(none, message("x@example.test"))).rejects.toMatchObject({ status: 409 });
    const asked = await call("POST", "/sessions/email", {
      body: { email: "x@example.test" },
      bindings: none as unknown as Cloudflare.Env,
    });
    expect([asked.status, asked.body.error.message]).toEqual([
      409,
      expect.stringMatching(/cannot send e-mail \(MAIL_TRANSPORT is "none"\)/),
    ]);
  });

  it("lists the outbox newest first in pages, and only with the outbox transport", async () => {
    const to = `${unique("outbox")}@example.test`;
    await sendMail(env as unknown as Bindings, { ...message(to), subject: "first" });
    await mailTo(to);
    await sendMail(env as unknown as Bindings, { ...message(to), subject: "second" });
    const [newest, older] = await mailTo(to, 2);
    expect([newest!.subject, older!.subject]).toEqual(["second", "first"]);
    const total = (await testDb().select().from(mailOutbox)).length;
    const first = await call("GET", "/dev/outbox", { query: { limit: 1 } });
    expect(first.body.count).toBe(total);
    const next = await call("GET", "/dev/outbox", {
      query: { limit: 1, page: first.body.next.page },
    });
    expect(next.body.items[0].createdAt <= first.body.items[0].createdAt).toBe(true);
    const elsewhere = await call("GET", "/dev/outbox", {
      bindings: { ...env, MAIL_TRANSPORT: "http" } as Cloudflare.Env,
    });
    expect(elsewhere.status).toBe(404);
  });
});
