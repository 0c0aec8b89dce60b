import type { ChatProblem } from "./chat-kit";

/** The last five problems of parking-desk (held out, family E). */
export const PARKING_PROBLEMS_2: ChatProblem[] = [
  {
    label: "receipt-vat",
    salient: ["receipt", "invoice", "vat"],
    category: "Receipts",
    symptoms: {
      en: [
        "I need a VAT receipt for my company but the PDF is empty.",
        "Monthly invoice for business parking never shows up in my account.",
        "The receipt has no company name so accounting rejects it.",
      ],
      fr: [
        "J'ai besoin d'un reçu avec TVA pour ma société mais le PDF est vide.",
        "La facture mensuelle du stationnement pro n'apparaît jamais.",
        "Le justificatif n'a pas le nom de l'entreprise, la compta le refuse.",
      ],
      de: [
        "Ich brauche eine Quittung mit Mehrwertsteuer, aber das PDF ist leer.",
        "Die Monatsrechnung für Firmenparken erscheint nie im Konto.",
        "Auf dem Beleg fehlt der Firmenname, die Buchhaltung lehnt ihn ab.",
      ],
      es: [
        "Necesito un recibo con IVA para la empresa pero el PDF sale vacío.",
        "La factura mensual del aparcamiento de empresa nunca aparece.",
        "El justificante no lleva el nombre de la empresa y contabilidad lo rechaza.",
      ],
      it: [
        "Mi serve una ricevuta con IVA per l'azienda ma il PDF è vuoto.",
        "La fattura mensile della sosta aziendale non compare mai.",
      ],
    },
    subjects: {
      en: ["VAT receipt", "invoice missing"],
      fr: ["Facture", "Reçu TVA"],
      de: ["Rechnung fehlt", "Quittung"],
      es: ["Factura", "Recibo IVA"],
      it: ["Fattura", "Ricevuta"],
    },
  },
  {
    label: "expiry-reminder",
    salient: ["reminder", "notification", "expires"],
    category: "Notifications",
    symptoms: {
      en: [
        "I don't get the reminder ten minutes before my parking expires.",
        "No push notification when the session is about to end.",
        "The expiry alert comes after the time is already over.",
      ],
      fr: [
        "Je ne reçois pas le rappel dix minutes avant la fin du stationnement.",
        "Aucune notification quand la session va se terminer.",
        "L'alerte d'expiration arrive après la fin.",
      ],
      de: [
        "Ich bekomme keine Erinnerung zehn Minuten bevor das Parken abläuft.",
        "Keine Push-Benachrichtigung, wenn die Parkzeit endet.",
        "Der Hinweis zum Ablauf kommt erst, wenn die Zeit schon vorbei ist.",
      ],
      es: [
        "No me llega el aviso diez minutos antes de que acabe el aparcamiento.",
        "Ninguna notificación cuando la sesión está por terminar.",
        "La alerta de fin llega cuando el tiempo ya ha pasado.",
      ],
      it: [
        "Non ricevo il promemoria dieci minuti prima che scada la sosta.",
        "Nessuna notifica quando la sosta sta per finire.",
      ],
    },
    subjects: {
      en: ["no reminder", "alerts"],
      fr: ["Rappel", "Notification"],
      de: ["Erinnerung", "Benachrichtigung"],
      es: ["Aviso", "Notificación"],
      it: ["Promemoria", "Notifica"],
    },
  },
  {
    label: "login-link",
    salient: ["login", "link", "email"],
    category: "Account",
    symptoms: {
      en: [
        "The login link email never arrives, not even in spam.",
        "When I open the sign-in link it says expired straight away.",
        "I can't log in on my new phone, the magic link opens the website instead.",
      ],
      fr: [
        "Le mail avec le lien de connexion n'arrive jamais, même pas en spam.",
        "Le lien de connexion dit expiré dès que je l'ouvre.",
        "Je n'arrive pas à me connecter sur mon nouveau téléphone.",
      ],
      de: [
        "Die E-Mail mit dem Anmeldelink kommt nie an, auch nicht im Spam.",
        "Der Login-Link ist sofort abgelaufen, wenn ich ihn öffne.",
        "Auf dem neuen Handy kann ich mich nicht anmelden.",
      ],
      es: [
        "El correo con el enlace para entrar no llega nunca, ni en spam.",
        "El enlace de inicio de sesión dice caducado nada más abrirlo.",
        "No puedo iniciar sesión en el móvil nuevo.",
      ],
      it: [
        "L'email con il link di accesso non arriva mai, neanche nello spam.",
        "Il link per accedere risulta scaduto appena lo apro.",
      ],
    },
    subjects: {
      en: ["can't log in", "login email"],
      fr: ["Connexion", "Lien expiré"],
      de: ["Anmeldung", "Login-Link"],
      es: ["No puedo entrar", "Enlace"],
      it: ["Accesso", "Link scaduto"],
    },
  },
  {
    label: "charged-twice",
    salient: ["charged", "twice", "refund"],
    category: "Payments",
    symptoms: {
      en: [
        "I was charged twice for one parking session yesterday.",
        "My statement shows the same parking amount two times.",
        "Stopped the session early but I was billed for the full three hours.",
      ],
      fr: [
        "J'ai été débité deux fois pour une seule session.",
        "Mon relevé montre deux fois le même montant de stationnement.",
        "J'ai arrêté plus tôt mais j'ai payé les trois heures.",
      ],
      de: [
        "Mir wurde ein Parkvorgang doppelt abgebucht.",
        "Auf dem Kontoauszug steht derselbe Betrag zweimal.",
        "Ich habe früher beendet, aber alle drei Stunden bezahlt.",
      ],
      es: [
        "Me han cobrado dos veces la misma sesión.",
        "En el extracto aparece dos veces el mismo importe.",
        "Paré antes pero me cobraron las tres horas.",
      ],
      it: [
        "Mi hanno addebitato due volte la stessa sosta.",
        "Nell'estratto conto c'è lo stesso importo due volte.",
      ],
    },
    subjects: {
      en: ["double charge", "refund please"],
      fr: ["Double débit", "Remboursement"],
      de: ["Doppelt abgebucht", "Erstattung"],
      es: ["Cobro doble", "Reembolso"],
      it: ["Doppio addebito", "Rimborso"],
    },
  },
  {
    label: "resident-permit",
    salient: ["permit", "resident", "upload"],
    category: "Permits",
    symptoms: {
      en: [
        "Renewing my resident permit fails when I upload the proof of address.",
        "The permit application is stuck on pending for three weeks.",
        "My residents permit expired in the app though I renewed it at the town hall.",
      ],
      fr: [
        "Le renouvellement de ma carte résident échoue à l'envoi du justificatif.",
        "Ma demande de permis résident reste en attente depuis trois semaines.",
        "Mon abonnement résident est expiré dans l'appli alors que je l'ai renouvelé.",
      ],
      de: [
        "Die Verlängerung meines Anwohnerparkausweises scheitert beim Hochladen.",
        "Der Antrag auf Bewohnerparken hängt seit drei Wochen auf ausstehend.",
        "Mein Anwohnerausweis ist in der App abgelaufen, obwohl ich ihn verlängert habe.",
      ],
      es: [
        "Renovar mi permiso de residente falla al subir el justificante de domicilio.",
        "La solicitud del distintivo de residente sigue pendiente desde hace tres semanas.",
        "Mi permiso de residente sale caducado aunque lo renové en el ayuntamiento.",
      ],
      it: [
        "Il rinnovo del permesso residenti non va quando carico il documento.",
        "La richiesta del permesso residenti è in attesa da tre settimane.",
      ],
    },
    subjects: {
      en: ["resident permit", "permit renewal"],
      fr: ["Carte résident", "Renouvellement"],
      de: ["Anwohnerparken", "Bewohnerausweis"],
      es: ["Permiso residente", "Renovación"],
      it: ["Permesso residenti", "Rinnovo"],
    },
  },
];
