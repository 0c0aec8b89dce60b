import type { ChatProblem } from "./chat-kit";

/** The first five problems of parking-desk (held out, family E). */
export const PARKING_PROBLEMS_1: ChatProblem[] = [
  {
    label: "card-refused",
    salient: ["card", "payment", "refused"],
    category: "Payments",
    symptoms: {
      en: [
        "My credit card gets refused every time I try to pay for parking.",
        "Payment fails with my Visa even though the bank says everything is fine.",
        "The app won't take my card anymore, it says transaction declined.",
        "Adding my new debit card ends with an error and I can't start a session.",
      ],
      fr: [
        "Ma carte bancaire est refusée quand je paie le stationnement.",
        "Le paiement échoue avec ma Visa alors que la banque ne voit rien.",
        "Impossible d'ajouter ma nouvelle carte, transaction refusée.",
      ],
      de: [
        "Meine Kreditkarte wird beim Bezahlen des Parkens abgelehnt.",
        "Die Zahlung mit meiner Visa schlägt fehl, die Bank sieht nichts.",
        "Neue Karte hinzufügen geht nicht, Transaktion abgelehnt.",
      ],
      es: [
        "Me rechaza la tarjeta cada vez que pago el aparcamiento.",
        "El pago con mi Visa falla aunque el banco dice que todo está bien.",
        "No puedo añadir mi tarjeta nueva, dice transacción denegada.",
      ],
      it: [
        "La mia carta di credito viene rifiutata quando pago il parcheggio.",
        "Il pagamento con la Visa non va a buon fine, la banca dice che è tutto ok.",
      ],
    },
    subjects: {
      en: ["card declined", "can't pay"],
      fr: ["Carte refusée", "Paiement impossible"],
      de: ["Karte abgelehnt", "Zahlung geht nicht"],
      es: ["Tarjeta rechazada", "No puedo pagar"],
      it: ["Carta rifiutata", "Pagamento"],
    },
  },
  {
    label: "extend-session",
    salient: ["extend", "session", "time"],
    category: "Parking sessions",
    symptoms: {
      en: [
        "I can't extend my parking session, the extend button is greyed out.",
        "When I add more time the session still ends at the old time.",
        "The app doesn't let me prolong parking from my phone, only stop it.",
        "Tapped +30 minutes and nothing happened, timer kept counting down.",
      ],
      fr: [
        "Je ne peux pas prolonger ma session, le bouton est grisé.",
        "Quand j'ajoute du temps, la session se termine quand même à l'ancienne heure.",
        "Impossible de rajouter 30 minutes depuis le téléphone.",
      ],
      de: [
        "Ich kann meinen Parkvorgang nicht verlängern, der Knopf ist grau.",
        "Wenn ich Zeit hinzufüge, endet das Parken trotzdem zur alten Uhrzeit.",
        "Plus 30 Minuten gedrückt und nichts passiert, der Timer läuft weiter ab.",
      ],
      es: [
        "No puedo ampliar el tiempo de aparcamiento, el botón sale gris.",
        "Añado más tiempo y la sesión termina igual a la hora de antes.",
        "Pulso +30 minutos y no pasa nada, el contador sigue bajando.",
      ],
      it: [
        "Non riesco a prolungare la sosta, il pulsante è grigio.",
        "Aggiungo tempo ma la sosta finisce comunque all'orario vecchio.",
      ],
    },
    subjects: {
      en: ["extend parking", "add time"],
      fr: ["Prolonger", "Ajouter du temps"],
      de: ["Verlängern", "Parkzeit"],
      es: ["Ampliar tiempo", "Sesión"],
      it: ["Prolungare sosta", "Tempo"],
    },
  },
  {
    label: "licence-plate",
    salient: ["plate", "vehicle", "car"],
    category: "Vehicles",
    symptoms: {
      en: [
        "My licence plate is saved with a wrong letter and I can't edit it.",
        "I can't add a second car to my account, the plate field rejects it.",
        "The app parks the wrong vehicle, it always picks my old car.",
        "Registration number with a dash is not accepted.",
      ],
      fr: [
        "Ma plaque d'immatriculation est enregistrée avec une mauvaise lettre.",
        "Impossible d'ajouter une deuxième voiture, le champ plaque la refuse.",
        "L'appli choisit toujours mon ancien véhicule.",
      ],
      de: [
        "Mein Kennzeichen ist mit einem falschen Buchstaben gespeichert.",
        "Ich kann kein zweites Auto hinzufügen, das Kennzeichen wird abgelehnt.",
        "Die App nimmt immer mein altes Fahrzeug.",
      ],
      es: [
        "Mi matrícula está guardada con una letra equivocada y no la puedo cambiar.",
        "No me deja añadir un segundo coche, rechaza la matrícula.",
        "La app siempre elige mi vehículo antiguo.",
      ],
      it: [
        "La mia targa è salvata con una lettera sbagliata.",
        "Non posso aggiungere una seconda auto, la targa viene rifiutata.",
      ],
    },
    subjects: {
      en: ["wrong plate", "second car"],
      fr: ["Plaque", "Véhicule"],
      de: ["Kennzeichen falsch", "Zweites Auto"],
      es: ["Matrícula", "Coche"],
      it: ["Targa sbagliata", "Auto"],
    },
  },
  {
    label: "zone-code",
    salient: ["zone", "location", "code"],
    category: "Zones",
    symptoms: {
      en: [
        "The zone code on the street sign is not found in the app.",
        "GPS puts me in the wrong zone, two streets away from where I am.",
        "Search by zone number returns nothing for 4102.",
      ],
      fr: [
        "Le code de zone du panneau est introuvable dans l'appli.",
        "Le GPS me met dans la mauvaise zone, deux rues plus loin.",
        "La recherche par numéro de zone ne donne rien.",
      ],
      de: [
        "Die Zonennummer vom Schild wird in der App nicht gefunden.",
        "Das GPS setzt mich in die falsche Zone, zwei Straßen weiter.",
        "Suche nach Zonencode liefert kein Ergebnis.",
      ],
      es: [
        "El código de zona de la señal no aparece en la app.",
        "El GPS me pone en otra zona, a dos calles de donde estoy.",
        "Busco el número de zona y no sale nada.",
      ],
      it: [
        "Il codice della zona sul cartello non si trova nell'app.",
        "Il GPS mi mette nella zona sbagliata, due strade più in là.",
      ],
    },
    subjects: {
      en: ["zone not found", "wrong zone"],
      fr: ["Zone introuvable", "Mauvaise zone"],
      de: ["Zone nicht gefunden", "Falsche Zone"],
      es: ["Zona no encontrada", "Zona equivocada"],
      it: ["Zona", "Codice zona"],
    },
  },
  {
    label: "fine-although-paid",
    salient: ["fine", "ticket", "paid"],
    category: "Fines",
    symptoms: {
      en: [
        "I got a parking fine although my session was active and paid.",
        "A warden gave me a ticket while the app showed I was covered.",
        "The enforcement officer could not see my paid session and fined me.",
      ],
      fr: [
        "J'ai reçu une amende alors que ma session était payée.",
        "Un agent m'a verbalisé pendant que l'appli montrait le stationnement actif.",
        "Le contrôleur ne voyait pas mon paiement et m'a mis un PV.",
      ],
      de: [
        "Ich habe einen Strafzettel bekommen, obwohl mein Parken bezahlt war.",
        "Die Politesse hat mir ein Knöllchen gegeben, die App zeigte aktiv.",
        "Das Ordnungsamt sah meine bezahlte Parkzeit nicht und hat mich verwarnt.",
      ],
      es: [
        "Me han puesto una multa aunque tenía la sesión pagada.",
        "El vigilante me multó mientras la app mostraba el aparcamiento activo.",
        "El controlador no veía mi pago y me denunció.",
      ],
      it: [
        "Ho preso una multa anche se la sosta era pagata.",
        "Il vigile mi ha fatto la multa mentre l'app mostrava la sosta attiva.",
      ],
    },
    subjects: {
      en: ["fined although paid", "parking ticket"],
      fr: ["Amende injuste", "PV"],
      de: ["Strafzettel trotz Zahlung", "Knöllchen"],
      es: ["Multa", "Multa injusta"],
      it: ["Multa ingiusta", "Multa"],
    },
  },
];
