/**
 * Text normalisation and tokenisation for the built-in insights engine: accents folded, a small
 * stop-word list per language (English, French, Spanish, German), a concept table that maps the
 * same technical notion across those languages to one term, and a light suffix stemmer whose
 * output is cut to a short prefix so inflections and most trailing typos meet.
 */

/** Words that carry no topic, in the four languages the fixture and real tickets use most. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being
  below between both but by can could did do does doing done down during each few for from
  further get got had has have having he her here hers him his how i if in into is it its itself
  just me more most my no nor not now of off on once only or other our out over own same she
  should so some still such than that the their them then there these they this those through
  to too under until up very was we were what when where which while who why will with would
  you your yours hi hello hey thanks thank please pls ok okay yes yeah hmm guys team anyone
  someone something anything really much many way using use used want need trying tried try
  able know let make see seems since today yesterday again already ever even one two
  le la les un une des du de et est en que qui pour pas dans sur avec au aux ce cette ces mais
  ou il elle nous vous ils je tu on mon ma mes son sa ses leur plus tres bonjour merci
  salut svp sil vous plait ne ni se si y comment faire quand car donc
  el los las unos unas del y es que por para con al lo su sus pero como mas muy hola gracias
  yo tu usted se mi mis este esta estos estas ya hay cuando donde
  der die das ein eine einen dem den des und ist sind nicht mit fur auf im am zu von bei aus
  wie was ich du sie wir ihr es man mein meine dein hallo danke bitte auch noch nur schon wenn
  kann konnen
  dear morning afternoon evening cheers regards kind best appreciate advise folks crew thx lol
  issue issues problem problems question help support never nothing mind found same chat just
  quick note say says said hope happened happens happening persists persist urgent update
  bonsoir cordialement beaucoup aide probleme souci toujours pareil encore rien jamais aussi
  buenos buenas dias tardes saludos muchas ayuda pregunta problema sigue igual todavia nada
  nunca tambien guten morgen tag gruss grusse vielen dank hilfe frage leider immer wieder
  dasselbe nichts nie zusammen servus moin
  within although actually always every keeps anymore whole gives give instead via per
  depuis alors apres avant chez sans sous vers tout tous toute toutes fait
  desde entre sin sobre hasta cada todo todos toda todas hace solo
  beim werden wird wurde wurden nach uber unter vom zum zur einer eines einem hat haben habe
  sich oder aber doch dass weil bis seit ohne gegen durch alle alles diese dieser dieses`.split(
    /\s+/,
  ),
);

/**
 * One term per notion across languages (after normalisation, before stemming), so "mot de
 * passe", "contraseña" and "passwort" all count as "password".
 */
const CONCEPTS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    passe: "password",
    motdepasse: "password",
    contrasena: "password",
    passwort: "password",
    kennwort: "password",
    pwd: "password",
    connexion: "login",
    connecter: "login",
    anmelden: "login",
    anmeldung: "login",
    iniciar: "login",
    sesion: "login",
    signin: "login",
    facture: "invoice",
    factura: "invoice",
    rechnung: "invoice",
    paiement: "payment",
    pago: "payment",
    zahlung: "payment",
    recherche: "search",
    buscar: "search",
    busqueda: "search",
    suche: "search",
    exporter: "export",
    exportar: "export",
    exportieren: "export",
    domaine: "domain",
    dominio: "domain",
    inviter: "invite",
    invitar: "invite",
    einladen: "invite",
    einladung: "invite",
    invitation: "invite",
    invitacion: "invite",
    sincronizacion: "sync",
    synchronisation: "sync",
    synchronisierung: "sync",
    synchronize: "sync",
    synchronise: "sync",
    image: "image",
    imagen: "image",
    bild: "image",
    bilder: "image",
    fichier: "file",
    archivo: "file",
    datei: "file",
    televerser: "upload",
    subir: "upload",
    hochladen: "upload",
    espace: "space",
    espacio: "space",
    abonnement: "subscription",
    suscripcion: "subscription",
    abo: "subscription",
    kodiert: "encoding",
    kodierung: "encoding",
    codage: "encoding",
    encodage: "encoding",
    codificacion: "encoding",
    benachrichtigung: "notification",
    benachrichtigungen: "notification",
    notificacion: "notification",
    notificaciones: "notification",
    erwahnung: "mention",
    erwahnungen: "mention",
    mencion: "mention",
    geplant: "scheduled",
    geplante: "scheduled",
    geplanter: "scheduled",
    planifie: "scheduled",
    programado: "scheduled",
    leer: "blank",
    leere: "blank",
    vide: "blank",
    vacio: "blank",
    seiten: "pages",
    seite: "page",
    bericht: "report",
    berichts: "report",
    rapport: "report",
    informe: "report",
    spalten: "columns",
    colonnes: "columns",
    columnas: "columns",
    gesperrt: "locked",
    verrouille: "locked",
    bloqueado: "locked",
    weiterleitung: "redirect",
    redirection: "redirect",
    redireccion: "redirect",
    schlussel: "key",
    cle: "key",
    cles: "key",
    clave: "key",
    claves: "key",
  }),
);

const SUFFIXES = [
  "ational",
  "ations",
  "ation",
  "ements",
  "ement",
  "iones",
  "ingen",
  "ungen",
  "ing",
  "ung",
  "ion",
  "ies",
  "ied",
  "ed",
  "er",
  "es",
  "en",
  "ly",
  "s",
  "e",
];

/** Length of the prefix a stem keeps: long enough to tell topics apart, short for typos. */
const STEM_PREFIX = 6;

/** Lower case, accents folded, everything but letters and digits turned into spaces. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** A light stemmer: the longest known suffix off (the stem keeps ≥ 3 letters), then a prefix. */
function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
      return word.slice(0, word.length - suffix.length).slice(0, STEM_PREFIX);
    }
  }
  return word.slice(0, STEM_PREFIX);
}

/** A token: the stemmed term that is compared, and the word it came from, for labels. */
export interface Token {
  term: string;
  word: string;
}

/** The topic-bearing tokens of a text, in order: stop words, numbers and 1-2 letter words out. */
export function tokenize(text: string): Token[] {
  const words = normalizeText(text)
    .replace(/\bmot de passe\b/g, "motdepasse")
    .replace(/\bsign in\b/g, "signin")
    .replace(/\blog in\b/g, "login")
    .split(" ");
  const out: Token[] = [];
  for (const raw of words) {
    if (raw.length < 3 || /^\d+$/.test(raw) || STOP_WORDS.has(raw)) continue;
    const word = CONCEPTS.get(raw) ?? raw;
    out.push({ term: stem(word), word });
  }
  return out;
}

/** Term frequencies of a token list. */
export function termFrequencies(tokens: readonly Token[]): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of tokens) tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
  return tf;
}
