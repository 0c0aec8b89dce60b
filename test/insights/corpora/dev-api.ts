import { buildCorpus, type Corpus } from "./kit";

/**
 * Corpus "dev-api": a developer platform's API and SDK desk, short terse messages mixing
 * English, Spanish, French and German (often in one thread), about one conversation in three
 * noise. Written for the generalisation test; shares no phrasing with the original fixture.
 */
export function devApiCorpus(): Corpus {
  return buildCorpus({
    name: "dev-api",
    seed: 4411,
    perProblem: 22,
    noiseCount: 90,
    typoRate: 0.35,
    problems: [
      {
        label: "rate-limit",
        salient: ["rate", "limit", "429"],
        subjects: ["429", "rate limit", "Too many requests", "límite de peticiones"],
        lines: [
          "getting 429 too many requests after 20 calls, rate limit seems way too low",
          "rate limit hit on batch endpoint, 429 every few seconds",
          "nos devuelve 429 too many requests, el rate limit es muy bajo",
          "on prend des 429 rate limit dès 10 requêtes par seconde",
          "API antwortet mit 429, das Rate Limit greift viel zu früh",
          "429 responses although we stay under the documented rate limit",
        ],
      },
      {
        label: "sdk-install",
        salient: ["sdk", "install", "npm"],
        subjects: ["npm install fails", "SDK install", "instalar SDK", "SDK Installation"],
        lines: [
          "npm install of the js sdk fails with ERESOLVE peer dependency conflict",
          "cannot install the node SDK, npm says unsupported engine",
          "no puedo instalar el SDK con npm, da error de dependencias",
          "l'installation du SDK via npm plante, conflit de dépendances",
          "SDK lässt sich mit npm nicht installieren, Abhängigkeitskonflikt",
          "pip install of the python sdk breaks on a wheel build error",
        ],
      },
      {
        label: "pagination",
        salient: ["pagination", "cursor", "page"],
        subjects: ["pagination", "cursor bug", "paginación", "Paginierung"],
        lines: [
          "pagination cursor returns the same page twice, items duplicated",
          "next cursor skips records when listing with limit 100",
          "la paginación con cursor repite elementos en la siguiente página",
          "le curseur de pagination saute des éléments entre deux pages",
          "Paginierung mit Cursor liefert doppelte Einträge auf der nächsten Seite",
          "list endpoint pagination never ends, cursor loops back to page one",
        ],
      },
      {
        label: "oauth-redirect",
        salient: ["oauth", "redirect", "redirect_uri"],
        subjects: ["OAuth redirect", "redirect_uri mismatch", "OAuth Fehler"],
        lines: [
          "oauth flow fails with redirect_uri mismatch even though the url is registered",
          "OAuth authorize returns invalid redirect uri for our localhost callback",
          "el flujo OAuth falla, redirect_uri no coincide con la registrada",
          "erreur OAuth redirect_uri invalide alors qu'elle est enregistrée",
          "OAuth Redirect schlägt fehl, redirect_uri stimmt angeblich nicht",
        ],
      },
      {
        label: "webhook-signature",
        salient: ["signature", "webhook", "verification"],
        subjects: ["signature mismatch", "webhook signature", "firma webhook"],
        lines: [
          "webhook signature verification fails, computed hmac never matches the header",
          "signature header on webhooks doesnt validate with our signing secret",
          "la verificación de la firma del webhook falla siempre",
          "la vérification de signature des webhooks échoue avec notre secret",
          "Webhook Signaturprüfung schlägt fehl, HMAC passt nie",
        ],
      },
      {
        label: "cors",
        salient: ["cors", "preflight", "origin"],
        subjects: ["CORS", "preflight blocked", "CORS error"],
        lines: [
          "browser blocks calls with CORS error, no Access-Control-Allow-Origin header",
          "preflight OPTIONS request fails CORS from our web app origin",
          "error de CORS desde el navegador, falta Access-Control-Allow-Origin",
          "requête bloquée par CORS, le preflight échoue depuis notre origine",
          "CORS Fehler im Browser, Preflight wird blockiert",
        ],
      },
      {
        label: "sandbox-keys",
        salient: ["sandbox", "test keys", "keys"],
        subjects: ["sandbox keys", "test mode", "claves sandbox", "Testschlüssel"],
        lines: [
          "sandbox api keys are rejected as invalid key in test mode",
          "test keys work in prod but the sandbox says unknown key",
          "las claves del sandbox dan invalid key en modo test",
          "les clés sandbox sont refusées, invalid key en mode test",
          "Sandbox Schlüssel werden im Testmodus als ungültig abgelehnt",
        ],
      },
      {
        label: "upload-timeout",
        salient: ["upload", "timeout", "multipart"],
        subjects: ["upload timeout", "large upload", "subida lenta"],
        lines: [
          "multipart upload of 200MB files times out after 30s",
          "large file upload through the API hits a gateway timeout",
          "la subida multipart de archivos grandes da timeout",
          "upload multipart de gros fichiers en timeout au bout de 30 secondes",
          "Multipart Upload großer Dateien bricht mit Timeout ab",
        ],
      },
    ],
    openers: ["", "", "", "hey", "hola", "salut", "moin", "yo"],
    closers: ["", "", "", "thx", "gracias", "merci", "ty", "any idea?"],
    answers: ["which sdk version?", "can you share a request id?", "looking into it"],
    followUps: [
      "still broken",
      "sigue igual",
      "toujours pareil",
      "immer noch kaputt",
      "same on v3.2",
    ],
    noise: [
      [["user", "hey"]],
      [["user", "ty for the fast fix yesterday"]],
      [["user", "gracias crack"]],
      [
        ["user", "merci beaucoup !"],
        ["assistant", "avec plaisir"],
      ],
      [["user", "danke euch, läuft"]],
      [
        ["user", "how do i rotate a key?"],
        ["assistant", "Dashboard > Keys > Rotate"],
        ["user", "sweet, done"],
      ],
      [
        ["user", "¿dónde veo los logs?"],
        ["assistant", "En Developers > Logs."],
        ["user", "listo, lo encontré"],
      ],
      [
        ["user", "wo sind die API Docs?"],
        ["assistant", "docs.example.dev"],
        ["user", "passt, danke"],
      ],
      [
        ["user", "où est le changelog ?"],
        ["assistant", "Dans le menu Ressources."],
        ["user", "parfait c'est réglé"],
      ],
      [["user", "nvm figured it out"]],
      [["user", "no worries, not urgent, enjoy the weekend"]],
      [["user", "lol nice release"]],
      [
        ["user", "is there a discord?"],
        ["assistant", "yes, link in the footer"],
        ["user", "cool joined"],
      ],
      [["user", "👍"]],
      [["user", "never had an issue with your api, just saying hi"]],
    ],
  });
}
