/**
 * The engine's cross-language lexicon: one term per notion of software support (accounts,
 * billing, messages, time, files, devices, shops, common actions and states) for the words of
 * French, German and Spanish (and English synonyms) that name it, so "Rechnung", "facture" and
 * "invoice" count as one term. Written as general support vocabulary, not as one corpus's words;
 * German compounds are split against it ("Kartenzahlungen" → card + payment).
 */

/** `canonical: word word …`, one notion a line (words normalised: lower case, no accents). */
const NOTIONS = `
password: motdepasse contrasena passwort kennwort pwd
login: connexion connecter anmelden anmeldung einloggen iniciar sesion signin logon
account: compte cuenta konto
user: utilisateur usuario benutzer nutzer
customer: client cliente kunde kunden kundin buyer buyers acheteur comprador
team: equipe equipo
member: membre miembro mitglied
permission: permissions droit droits permiso permisos berechtigung rechte
access: acces acceso zugriff zugang
invoice: facture factura rechnung
payment: paiement pago zahlung
card: carte tarjeta karte kreditkarte
charge: debit debite debiter preleve prelevement cobro cobrar cobraron cobrado abbuchung abgebucht belastet berechnet billed
refund: remboursement rembourser reembolso reembolsar erstattung ruckerstattung erstatten
cancel: annuler annulation annule resilie resilier resiliation cancelar cancelacion cancele kundigen kundigung gekundigt storno storniert cancellation cancelled canceled
subscription: abonnement suscripcion abo
trial: essai prueba testphase probezeit
price: prix precio preis
discount: remise reduction descuento rabatt
coupon: gutschein cupon voucher
tax: taxe impuesto impuestos steuer steuern
vat: tva iva mwst mehrwertsteuer ust
bank: banque banco bancaria bancario bancaire
transfer: virement transferencia uberweisung
payout: versement auszahlung
money: argent dinero geld
order: commande pedido bestellung bestell
shipping: expedition envio versand livraison entrega lieferung delivery shipment shipped deliver delivered geliefert liefern entregado entregar livree livrer
label: etiquette etiqueta etikett
stock: inventaire inventario lagerbestand bestand
warehouse: entrepot almacen lager
product: produit producto produkt artikel
shop: boutique tienda store
email: mail courriel correo
message: mensaje nachricht
notification: benachrichtigung notificacion mitteilung alerte alerta alert aviso
reminder: rappel recordatorio erinnerung
invite: inviter invitar einladen einladung eingeladen invitation invitacion invitado invitee
confirmation: confirmacion bestatigung
spam: junk
inbox: posteingang bandeja
calendar: calendrier agenda calendario kalender
event: evenement evento ereignis
appointment: rendezvous rdv cita termin
meeting: reunion besprechung
booking: reservation reserva reservar reservieren buchung buchen gebucht
recurring: recurrent recurrente periodique periodico wiederkehrend repeating
series: serie
schedule: planning horario zeitplan
timezone: fuseau zeitzone huso
hour: heure hora stunde
week: semaine semana woche
month: mois monat
file: fichier archivo datei
document: documento dokument
attachment: piecejointe adjunto adjuntar anhang anhangen joindre attach attached
upload: televerser subir hochladen hochgeladen
download: telecharger descargar herunterladen
image: imagen bild photo foto picture visuel
export: exporter exportar exportieren exportacion
import: importer importar importieren importacion
report: rapport informe bericht berichts
print: imprimer imprimir drucken druck impresion impression
page: seite pagina
pages: seiten
button: bouton boton knopf
link: lien enlace
settings: parametres reglages ajustes configuracion einstellungen
language: langue idioma sprache
translation: traduction traduccion ubersetzung
phone: telephone portable movil celular handy smartphone
app: application aplicacion appli anwendung
browser: navigateur navegador
screen: ecran pantalla bildschirm
crash: plante crashe absturz absturzen abgesturzt sturzt
slow: lent lente lento langsam
update: miseajour actualizacion aktualisierung
sync: sincronizacion synchronisation synchronisierung synchronize synchronise synchro sincronizar synchronisieren
search: recherche buscar busqueda suche
domain: domaine dominio
certificate: certificat certificado zertifikat
space: espace espacio
encoding: kodiert kodierung codage encodage codificacion
mention: erwahnung mencion
scheduled: geplant geplante geplanter planifie programado
blank: leer leere vide vacio vacia
columns: spalten colonnes columnas
locked: gesperrt verrouille bloqueado
redirect: weiterleitung redirection redireccion
key: schlussel cle clave
delete: supprimer supprime efface effacer eliminar borrar loschen geloscht entfernen remove removed
save: enregistrer sauvegarder guardar speichern gespeichert
send: envoyer envoi enviar senden verschicken verschickt
receive: recevoir recu recibir erhalten bekommen
double: doppel doble
credit: kredit credito
address: adresse direccion
theme: tema
design: diseno
homepage: startseite accueil inicio home
checkout: kasse caisse
declined: refuse refusee refusees rechaza rechazada rechazado deniega deniegan denegado abgelehnt rejected refused denied
arrive: arriver arrivee llegar llegado llega llegan llego ankommen angekommen arrived arrives
old: ancien ancienne anterior alt alte alten vieux previous
quantity: quantite cantidad menge mengen
code: codigo codes
cart: panier carrito warenkorb basket cesta
close: fermer ferme ferment cerrar cierra cierran cerro schliessen schliesst schliessen geschlossen closes closed closing
open: ouvrir ouvre ouverture abrir abre abro offnen offnet geoffnet opens opened opening
freeze: figer fige bloquer congela congelado congelada einfrieren friert eingefroren freezes frozen freezing
change: changer change modifier modifie cambiar cambie cambio andern geandert wechsel wechseln changed changes modify
load: charger chargement cargar carga cargando laden ladt geladen loading loads
click: clic cliquer clique appuyer appuie pulsar pulso pulsa tippen tippe klicken klicke tap taps press
late: retard retraso retrasado verspatet verspatung spat tarde delayed delay
disappear: disparu disparait disparaitre desaparecio desaparece desaparecido verschwunden verschwindet disappeared disappears vanished
expire: expire expiree expires expired caduca caducado caducada abgelaufen ablaufen
number: numero nummer
location: ubicacion localizacion standort emplacement localisation position
map: mapa plan stadtplan
driver: livreur livreuse repartidor conductor fahrer kurier courier rider
`;

/** Phrases of several words that name one notion, joined before the words are looked up. */
export const PHRASES: readonly [RegExp, string][] = [
  [/\bmots? de passe\b/g, "motdepasse"],
  [/\bsign in\b/g, "signin"],
  [/\blog in\b/g, "login"],
  [/\be mails?\b/g, "email"],
  [/\bpieces? jointes?\b/g, "piecejointe"],
  [/\brendez vous\b/g, "rendezvous"],
  [/\bmise a jour\b/g, "miseajour"],
  [/\b(time zones?|fuseau horaire|zona horaria)\b/g, "timezone"],
];

const LEXICON: ReadonlyMap<string, string> = new Map(
  NOTIONS.trim()
    .split("\n")
    .flatMap((line) => {
      const [canonical, words] = line.split(":") as [string, string];
      return [canonical, ...words.trim().split(/\s+/)].map((w) => [w, canonical] as const);
    }),
);

/** Endings tried off a word that is not in the lexicon as it stands (plurals, inflections). */
const INFLECTIONS = ["s", "es", "en", "n", "e"];

/** The notion a normalised word names, trying it as it stands and without a plural ending. */
export function notionOf(word: string): string | undefined {
  const direct = LEXICON.get(word);
  if (direct !== undefined) return direct;
  for (const end of INFLECTIONS) {
    if (word.length - end.length >= 4 && word.endsWith(end)) {
      const found = LEXICON.get(word.slice(0, -end.length));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Shortest word split as a compound, and shortest part. */
const COMPOUND_MIN = 9;
const PART_MIN = 4;

/**
 * A German-style compound split into its parts when its last part is a known notion
 * ("kartenzahlungen" → ["karten", "zahlungen"]): the longest known tail, and the head without
 * its linking "s". Null when the word is short or no tail is known.
 */
export function splitCompound(word: string): [string, string] | null {
  if (word.length < COMPOUND_MIN) return null;
  for (let i = 3; i <= word.length - PART_MIN; i++) {
    const tail = word.slice(i);
    if (notionOf(tail) === undefined) continue;
    const head = word.slice(0, i);
    return [head.length > PART_MIN && head.endsWith("s") ? head.slice(0, -1) : head, tail];
  }
  return null;
}
