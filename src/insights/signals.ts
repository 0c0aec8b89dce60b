/**
 * What a support message says besides its topic, in English, French, Spanish and German (all
 * tested on normalised text: lower case, accents folded, punctuation as spaces): that the user
 * is stuck, that it still happens, that an answer settled it, that it is small talk. Extraction
 * (extract.ts) combines them; the words here are kinds of speech, never topics of a product.
 */

/** Phrases that say something fails or is impossible: enough on their own to make an issue. */
const FAILURE = [
  /\b(can ?not|cant|can t|don ?t|do not|could not|couldn ?t|unable|impossible|won ?t|doesn ?t|does not|didn ?t|isn ?t|aren ?t|no longer|stopped|never (arrives?|comes?|works?|reach\w*|shows?|ends?))\b/,
  /\b(unauthori[sz]ed|forbidden|401|403|404|429|500|502|503|expir\w*|time ?outs?|timed out|declined|refused|rejected|denied|invalid|disabled|locked|blocked|stuck|hangs?|loops?)\b/,
  /\b(error|errors|fail|fails|failed|failing|failure|broken|bug|crash\w*|missing|wrong|lost|blank|empty|garbled?|corrupt\w*|duplicated?|twice)\b/,
  /\b(ne \w+ (pas|plus|jamais|rien)|n \w+ (pas|plus|jamais|rien)|impossible de|erreur|echou\w*|bloque\w*|plante|introuvable|manquen?t?|vide|refuse\w*|invalide)\b/,
  /\b(no (puedo|funciona|llega\w*|carga|aparece)|falla\w*|fallo|error|bloquead\w*|rechaza\w*|en blanco|vacio|no coincide)\b/,
  /\b(nicht|keine?n?|fehler\w*|fehlt|schlagt fehl|kaputt|abgelehnt|gesperrt|ungultig|leer|bricht|hangt|falsch)\b/,
];

/** Questions that ask how to do something: an issue unless the thread says it was settled. */
const QUESTION =
  /\b(how (do|can|to|should)|where (is|are|do|can)|is there a way|any way to|comment (faire|puis|on|changer)|ou (est|se trouve|sont)|como (puedo|hago|se)|donde (esta|puedo)|wie (kann|setze|andere)|wo (finde|ist|sind))\b/;

/** Phrases that say a problem is still there after an answer. */
const PERSISTS =
  /\b(still|again|same|persists?|not changed|toujours|encore|pareil|sigue|todavia|igual|immer noch|wieder|dasselbe|weiterhin)\b/;

/** Words by which a user acknowledges an answer (thanks, it worked, found it), four languages. */
const ACKNOWLEDGES =
  /\b(thanks?|thx|ty|cheers|great|perfect|brilliant|awesome|sweet|cool|nice|ok|okay|done|sorted|solved|fixed|works|worked|got it|found|good|exactly|easy|merci|parfait|super|top|marche|regle|resolu|gracias|listo|perfecto|genial|funciona|resuelto|danke|passt|geklappt|klappt|funktioniert|erledigt|prima)\b/;

/** Praise and wishes: a message made of them, with no failure, is not an issue. */
const PRAISE =
  /\b(great|love|loves|lovely|delightful|excellent|amazing|awesome|fantastic|wonderful|brilliant|nice|nicely|friendly|helpful|painless|kudos|congrats|bravo|happy|merry|enjoy|weekend|genial|superbe|bravo|felicidades|toll|klasse|prima|frohe|schones|bonne journee|bon weekend|buen fin)\b/;

/** Thanks for something done (not "thanks in advance"): the message is the thanks. */
const GRATITUDE =
  /\b(thanks? (you )?(so much )?for|just wanted to (say|thank)|merci (beaucoup )?(pour|a|de (votre|vos|ton|ta|tes|la|l|cette|ce))|gracias por|dar las gracias|danke (schon )?fur|vielen dank fur)\b/;

/** Phrases that say there is nothing wrong or that the user withdraws the question. */
const DISMISSES =
  /\b(never ?mind|nvm|no worries|not urgent|no complaints?|nothing to report|not a problem|no problem|never had (a|an|any) (issue|problem)|my (mistake|bad|fault)|figured it out|ignore (my|this|that)|disregard|pas de (souci|probleme)|laissez tomber|c est bon|no importa|olvidalo|sin problema|kein problem|mein fehler|hat sich erledigt|can t believe)\b/;

/** The same phrases, to clear them all from a text. */
const DISMISSES_ALL = new RegExp(DISMISSES.source, "g");

/** Automatic replies (out of office) in the four languages. */
const AUTOREPLY =
  /\b(out of (the )?office|automatic reply|auto ?reply|absence du bureau|reponse automatique|fuera de la oficina|respuesta automatica|abwesenheitsnotiz|automatische antwort)\b/;

/** Whether a normalised text says something fails or is impossible. */
export function saysFailure(normalized: string): boolean {
  const cleared = normalized.replace(DISMISSES_ALL, " ");
  return FAILURE.some((re) => re.test(cleared));
}

/**
 * Words that negate or judge in the four languages: within a message already taken as an issue,
 * a sentence holding one states the trouble, while one without ("we run a small shop") is context.
 */
const TROUBLE =
  /\b(not|no|never|nothing|don ?t|do not|didn ?t|wrong|bad|pas|plus|jamais|rien|faux|fausse|(?<!\b(das|jedes|dieses|zum|ein|nochmal|erste\w?|zweite\w?|dritte\w?|letzte\w?) )mal|nunca|nada|nicht|nichts|nie|kein\w*|falsch)\b/;

/**
 * Whether one sentence of an issue states the trouble (a failure, a question, a negation or a
 * judgement) rather than context or chatter; `raw` keeps its question mark.
 */
export function statesTrouble(raw: string, normalized: string): boolean {
  return (
    raw.includes("?") || saysFailure(normalized) || asksHow(normalized) || TROUBLE.test(normalized)
  );
}

/**
 * Phrases by which a user reports what they already tried (restarted, reinstalled, cleared the
 * cache, another browser): a sentence holding one tells the attempt, not the trouble, even when
 * it says "twice" or "nothing".
 */
const ATTEMPT =
  /\b(i (have )?tried|we (have )?tried|tried (on|with|in|again|another|a different)|restart\w*|reboot\w*|reinstall\w*|clear(ed)? (the )?cache|logg(ed|ing) out|j ai (essaye|redemarre|reinstalle|vide)|essaye (sur|avec|un|une)|redemarre|reinstalle|vide le cache|reinicie|reinstale|borre la cache|probe (en|con|otro)|neu (gestartet|installiert)|cache geleert|probiert|ausprobiert)\b/;

/** Whether one normalised sentence reports an attempt at a fix (see `ATTEMPT`). */
export function reportsAttempt(normalized: string): boolean {
  return ATTEMPT.test(normalized);
}

/** Whether a normalised text asks how to do something. */
export function asksHow(normalized: string): boolean {
  return QUESTION.test(normalized);
}

/** A word of success negated: "not solved", "pas réglé", "nicht gelöst", "sin resolver". */
const NOT_SOLVED =
  /\b(not|never|pas|nicht|nie|no|sin) (\w+ )?(solved|resolved|fixed|sorted|working|resolu|regle|gelost|behoben|resuelto|resolverse|resolver|solucionado|arreglado)\b/;

/** Whether a normalised follow-up says the problem is still there (or is not solved). */
export function saysPersists(normalized: string): boolean {
  return PERSISTS.test(normalized) || NOT_SOLVED.test(normalized) || saysFailure(normalized);
}

/**
 * Whether a normalised follow-up acknowledges the answer: a short turn (at most 10 words) with a
 * word of thanks or success and nothing that says the problem persists.
 */
export function acknowledges(normalized: string): boolean {
  const words = normalized.split(" ").filter((w) => w !== "").length;
  return words <= 10 && !saysPersists(normalized) && ACKNOWLEDGES.test(normalized);
}

/**
 * Whether a normalised text is small talk: an automatic reply, or praise, thanks or a dismissal with no
 * failure stated beside it.
 */
export function smallTalk(normalized: string): boolean {
  if (AUTOREPLY.test(normalized)) return true;
  return (
    (DISMISSES.test(normalized) || PRAISE.test(normalized) || GRATITUDE.test(normalized)) &&
    !saysFailure(normalized)
  );
}
