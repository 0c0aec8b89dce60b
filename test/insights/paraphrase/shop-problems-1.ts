import type { GrammarProblem } from "./grammar-kit";

/** TUNING (issue 33): five problems of an online-shop platform's merchant desk. */
export const SHOP_PROBLEMS_1: GrammarProblem[] = [
  {
    label: "payout-delay",
    salient: ["payout", "payouts", "transfer", "bank"],
    slots: {
      en: {
        things: [
          "my payout",
          "the weekly payout",
          "our bank transfer",
          "the money from last week's sales",
        ],
        symptoms: [
          "has not arrived",
          "is still pending after five days",
          "never reached our bank account",
          "shows as paid but the bank has nothing",
        ],
      },
      fr: {
        things: ["mon versement", "le virement hebdomadaire", "le paiement des ventes"],
        symptoms: [
          "n'est pas arrivé",
          "est toujours en attente",
          "n'apparaît pas sur le compte bancaire",
        ],
      },
      de: {
        things: ["meine Auszahlung", "die wöchentliche Überweisung", "das Geld aus den Verkäufen"],
        symptoms: [
          "ist nicht angekommen",
          "hängt seit Tagen auf ausstehend",
          "fehlt auf dem Bankkonto",
        ],
      },
      es: {
        things: ["mi pago", "la transferencia semanal", "el dinero de las ventas"],
        symptoms: [
          "no ha llegado",
          "sigue pendiente desde hace días",
          "no aparece en la cuenta bancaria",
        ],
      },
    },
  },
  {
    label: "shipping-labels",
    salient: ["label", "labels", "shipping"],
    slots: {
      en: {
        things: [
          "shipping labels",
          "the label printing",
          "the postage label for orders",
          "UPS labels",
        ],
        symptoms: ["fail to generate", "come out blank", "give an address error", "won't print"],
      },
      fr: {
        things: [
          "les étiquettes d'expédition",
          "l'impression des étiquettes",
          "les bordereaux Colissimo",
        ],
        symptoms: ["ne se génèrent pas", "sortent vides", "donnent une erreur d'adresse"],
      },
      de: {
        things: ["die Versandetiketten", "der Etikettendruck", "DHL Labels"],
        symptoms: ["werden nicht erstellt", "sind leer", "melden einen Adressfehler"],
      },
      es: {
        things: ["las etiquetas de envío", "la impresión de etiquetas", "las etiquetas de correos"],
        symptoms: ["no se generan", "salen en blanco", "dan error de dirección"],
      },
    },
  },
  {
    label: "discount-codes",
    salient: ["discount", "code", "coupon", "promo"],
    slots: {
      en: {
        things: ["discount codes", "our coupon", "the promo code SUMMER20", "voucher codes"],
        symptoms: [
          "are not applied at checkout",
          "say invalid for customers",
          "don't reduce the total",
          "get rejected in the cart",
        ],
      },
      fr: {
        things: ["les codes promo", "notre coupon de réduction", "le code de remise"],
        symptoms: [
          "ne s'appliquent pas au paiement",
          "sont refusés dans le panier",
          "ne baissent pas le total",
        ],
      },
      de: {
        things: ["Rabattcodes", "unser Gutschein", "der Aktionscode"],
        symptoms: [
          "werden an der Kasse nicht angewendet",
          "gelten als ungültig",
          "senken den Preis nicht",
        ],
      },
      es: {
        things: ["los códigos de descuento", "nuestro cupón", "el código promocional"],
        symptoms: ["no se aplican en el pago", "aparecen como no válidos", "no bajan el total"],
      },
    },
  },
  {
    label: "stock-sync",
    salient: ["stock", "inventory", "warehouse"],
    slots: {
      en: {
        things: [
          "stock levels",
          "the inventory count",
          "warehouse quantities",
          "our stock numbers",
        ],
        symptoms: [
          "don't sync with the warehouse",
          "are out of date so we oversell",
          "reset to zero overnight",
          "differ from the real stock",
        ],
      },
      fr: {
        things: ["les niveaux de stock", "l'inventaire", "les quantités de l'entrepôt"],
        symptoms: [
          "ne se synchronisent pas",
          "sont faux et on survend",
          "repassent à zéro la nuit",
        ],
      },
      de: {
        things: ["die Lagerbestände", "das Inventar", "die Mengen im Lager"],
        symptoms: [
          "synchronisieren nicht",
          "stimmen nicht, wir verkaufen zu viel",
          "stehen morgens auf null",
        ],
      },
      es: {
        things: ["el stock", "el inventario", "las cantidades del almacén"],
        symptoms: [
          "no se sincronizan",
          "están mal y vendemos de más",
          "vuelven a cero por la noche",
        ],
      },
    },
  },
  {
    label: "product-images",
    salient: ["images", "image", "photos", "pictures"],
    slots: {
      en: {
        things: [
          "product images",
          "the photos on product pages",
          "uploaded pictures",
          "gallery images",
        ],
        symptoms: [
          "don't load",
          "look blurry after upload",
          "show a broken icon",
          "disappear after saving",
        ],
      },
      fr: {
        things: ["les images produits", "les photos des fiches produit", "les visuels"],
        symptoms: [
          "ne se chargent pas",
          "sont floues après l'envoi",
          "disparaissent après l'enregistrement",
        ],
      },
      de: {
        things: ["die Produktbilder", "die Fotos der Artikel", "hochgeladene Bilder"],
        symptoms: [
          "laden nicht",
          "sind nach dem Hochladen unscharf",
          "verschwinden nach dem Speichern",
        ],
      },
      es: {
        things: ["las imágenes de producto", "las fotos de los artículos", "las imágenes subidas"],
        symptoms: ["no cargan", "salen borrosas", "desaparecen al guardar"],
      },
    },
  },
];
