import { buildCorpus, type Corpus } from "./kit";

/**
 * Corpus "overlap": problems that share their vocabulary (four about exports and imports of
 * reports, four about signing in, two about emails), in English with some German, medium
 * length, about one conversation in four noise. Written for the generalisation test; shares no
 * phrasing with the original fixture.
 */
export function overlapCorpus(): Corpus {
  return buildCorpus({
    name: "overlap",
    seed: 9127,
    perProblem: 24,
    noiseCount: 80,
    typoRate: 0.25,
    problems: [
      {
        label: "csv-export-encoding",
        salient: ["csv", "encoding", "characters", "accents"],
        subjects: ["CSV export garbled", "Encoding in CSV export", "CSV Umlaute"],
        lines: [
          "The CSV export of the report garbles accented characters, é shows up as Ã©.",
          "Exported CSV files have broken encoding, umlauts turn into question marks.",
          "When I export the report as CSV, special characters are corrupted in Excel.",
          "Beim CSV Export des Reports werden Umlaute falsch kodiert.",
          "CSV export encoding is wrong, names with accents are unreadable.",
        ],
      },
      {
        label: "pdf-export-blank",
        salient: ["pdf", "blank", "pages"],
        subjects: ["PDF export blank", "Empty PDF", "PDF leer"],
        lines: [
          "Exporting the report to PDF produces blank pages, only the header prints.",
          "The PDF export of our dashboard report comes out empty.",
          "PDF exports are blank since yesterday, the report shows fine on screen.",
          "Der PDF Export des Berichts erzeugt nur leere Seiten.",
          "Report PDF export gives a white page with no charts.",
        ],
      },
      {
        label: "scheduled-report-email",
        salient: ["scheduled", "schedule", "report email"],
        subjects: ["Scheduled report not sent", "Weekly report email", "Geplanter Bericht"],
        lines: [
          "The scheduled weekly report email never arrives in our inbox.",
          "Our scheduled report export stopped being emailed on Mondays.",
          "Reports on a schedule are not sent, the schedule page says delivered.",
          "Der geplante Bericht kommt nicht per E-Mail an.",
          "Scheduled exports of the sales report do not reach recipients anymore.",
        ],
      },
      {
        label: "csv-import-columns",
        salient: ["import", "columns", "mapping"],
        subjects: ["CSV import fails", "Import columns", "Import Spalten"],
        lines: [
          "Importing a CSV fails because the columns are not mapped to the right fields.",
          "The CSV import ignores my column mapping and puts dates into the name field.",
          "Import of our contacts CSV stops with 'unknown column' although headers match.",
          "Beim CSV Import werden die Spalten falsch zugeordnet.",
          "Column mapping in the import wizard resets and the import fails.",
        ],
      },
      {
        label: "two-factor-code",
        salient: ["2fa", "code", "authenticator"],
        subjects: ["2FA code rejected", "Authenticator code invalid", "Zwei-Faktor"],
        lines: [
          "My 2FA code from the authenticator app is rejected when I sign in.",
          "Sign in asks for the two-factor code and says it is invalid every time.",
          "Authenticator codes are never accepted at login, clock is synced.",
          "Der 2FA Code aus der Authenticator App wird bei der Anmeldung abgelehnt.",
          "Two factor authentication code invalid although I type it immediately.",
        ],
      },
      {
        label: "sso-redirect-loop",
        salient: ["sso", "redirect", "loop"],
        subjects: ["SSO redirect loop", "Sign in loops", "SSO Schleife"],
        lines: [
          "Signing in with SSO sends us into a redirect loop between the app and Azure.",
          "SSO login keeps redirecting back to the sign in page forever.",
          "After the identity provider the browser loops on redirects and never signs in.",
          "SSO Anmeldung hängt in einer Weiterleitungsschleife.",
          "Our SSO sign in redirects endlessly since we renewed the certificate.",
        ],
      },
      {
        label: "account-lockout",
        salient: ["locked", "lockout", "attempts"],
        subjects: ["Account locked", "Locked out", "Konto gesperrt"],
        lines: [
          "My account is locked after a few wrong password attempts and the unlock email never comes.",
          "We are locked out of the admin account after failed sign in attempts.",
          "The login says account locked for too many attempts, waiting an hour did not help.",
          "Mein Konto ist nach falschen Passwort Versuchen gesperrt.",
          "Account lockout after three attempts, how do I unlock it?",
        ],
      },
      {
        label: "mention-notifications",
        salient: ["notifications", "notification", "mentions"],
        subjects: ["No notification emails", "Mentions not notified", "Benachrichtigungen"],
        lines: [
          "I get no notification emails when someone mentions me in a comment.",
          "Mention notifications stopped arriving by email for the whole team.",
          "Comment notifications never reach my inbox although they are enabled.",
          "Benachrichtigungen bei Erwähnungen kommen nicht per E-Mail an.",
          "Email notifications for mentions are not sent anymore.",
        ],
      },
    ],
    openers: ["Hi,", "Hello,", "Hallo zusammen,", "", "", "Morning,"],
    closers: ["", "", "Thanks!", "Danke.", "Best, Jonas", "Please advise."],
    answers: [
      "Thanks, which browser and version are you on?",
      "Could you tell us the name of the report or account?",
      "We are investigating.",
    ],
    followUps: [
      "It happened again today.",
      "Same behaviour after clearing the cache.",
      "Leider immer noch dasselbe Problem.",
    ],
    noise: [
      [["user", "Morning! Quick thanks for the new report designer."]],
      [["user", "Vielen Dank für die Hilfe gestern!"]],
      [
        ["user", "How do I rename a report?"],
        ["assistant", "Click its title to edit it."],
        ["user", "Ah easy, got it."],
      ],
      [
        ["user", "Wie ändere ich die Sprache?"],
        ["assistant", "Unter Profil > Sprache."],
        ["user", "Super, hat geklappt."],
      ],
      [
        ["user", "Can I export to CSV?"],
        ["assistant", "Yes, use the Export menu."],
        ["user", "Great, exactly what I needed."],
      ],
      [
        ["user", "Where is the sign out button?"],
        ["assistant", "Top right, under your avatar."],
        ["user", "Found it, cheers."],
      ],
      [["user", "Nothing to report, everything works nicely."]],
      [["user", "Never mind my last message, it was my mistake."]],
      [
        ["user", "Will you be at the Berlin meetup?"],
        ["assistant", "Yes, see you there!"],
      ],
      [["user", "Schönes Wochenende!"]],
      [
        ["user", "Just checking the chat works."],
        ["assistant", "It does!"],
      ],
      [
        ["user", "Is there a mobile app?"],
        ["assistant", "Yes, on both stores."],
        ["user", "Nice, thanks."],
      ],
    ],
  });
}
