import type { GrammarProblem } from "./grammar-kit";

/** TUNING (issue 33): the other five problems of the online-shop merchant desk. */
export const SHOP_PROBLEMS_2: GrammarProblem[] = [
  {
    label: "tax-wrong",
    salient: ["tax", "vat", "taxes"],
    slots: {
      en: {
        things: [
          "the tax at checkout",
          "VAT on orders",
          "sales tax for Canada",
          "the taxes on invoices",
        ],
        symptoms: ["is calculated wrong", "is charged twice", "shows 0 %", "uses the old rate"],
      },
      fr: {
        things: ["la TVA au paiement", "les taxes des commandes", "le calcul de la TVA"],
        symptoms: ["est fausse", "est appliquée deux fois", "affiche 0 %"],
      },
      de: {
        things: ["die Mehrwertsteuer", "die MwSt an der Kasse", "die Steuer auf Rechnungen"],
        symptoms: ["wird falsch berechnet", "wird doppelt berechnet", "steht auf 0 %"],
      },
      es: {
        things: ["el IVA en el pago", "los impuestos del pedido", "el cálculo del IVA"],
        symptoms: ["se calcula mal", "se cobra dos veces", "sale al 0 %"],
      },
    },
  },
  {
    label: "card-declined",
    salient: ["card", "cards", "declined", "checkout"],
    slots: {
      en: {
        things: [
          "customers' cards",
          "credit card payments at checkout",
          "Visa and Mastercard payments",
          "buyers' cards",
        ],
        symptoms: [
          "get declined",
          "fail with 'do not honor'",
          "are refused although they have funds",
          "bounce at the last step",
        ],
      },
      fr: {
        things: ["les cartes des clients", "les paiements par carte", "les cartes bancaires"],
        symptoms: ["sont refusées", "échouent à la dernière étape", "sont rejetées sans raison"],
      },
      de: {
        things: ["Kreditkarten der Kunden", "Kartenzahlungen an der Kasse", "Visa Zahlungen"],
        symptoms: [
          "werden abgelehnt",
          "scheitern im letzten Schritt",
          "gehen ohne Grund nicht durch",
        ],
      },
      es: {
        things: [
          "las tarjetas de los clientes",
          "los pagos con tarjeta",
          "las tarjetas de crédito",
        ],
        symptoms: ["son rechazadas", "fallan en el último paso", "se deniegan sin motivo"],
      },
    },
  },
  {
    label: "order-emails",
    salient: ["confirmation", "emails", "email", "order"],
    slots: {
      en: {
        things: [
          "order confirmation emails",
          "the receipt mails to buyers",
          "shipping confirmation messages",
          "customer notification emails",
        ],
        symptoms: ["are not sent", "never reach customers", "land in spam", "stopped going out"],
      },
      fr: {
        things: [
          "les e-mails de confirmation de commande",
          "les mails aux clients",
          "les confirmations d'expédition",
        ],
        symptoms: ["ne partent pas", "n'arrivent jamais", "finissent en spam"],
      },
      de: {
        things: ["die Bestellbestätigungen", "die E-Mails an Kunden", "Versandbestätigungen"],
        symptoms: ["werden nicht verschickt", "kommen nie an", "landen im Spam"],
      },
      es: {
        things: [
          "los correos de confirmación de pedido",
          "los emails a los clientes",
          "las confirmaciones de envío",
        ],
        symptoms: ["no se envían", "no llegan nunca", "acaban en spam"],
      },
    },
  },
  {
    label: "theme-editor",
    salient: ["theme", "editor", "design"],
    slots: {
      en: {
        things: [
          "changes in the theme editor",
          "my store design edits",
          "the homepage layout in the theme",
          "theme customisations",
        ],
        symptoms: [
          "are not saved",
          "don't go live after publishing",
          "revert to the old version",
          "get lost when I hit save",
        ],
      },
      fr: {
        things: ["les modifications du thème", "le design de la boutique", "l'éditeur de thème"],
        symptoms: [
          "ne sont pas enregistrées",
          "ne sont pas publiées",
          "reviennent à l'ancienne version",
        ],
      },
      de: {
        things: ["Änderungen im Theme Editor", "das Shop Design", "das Layout der Startseite"],
        symptoms: [
          "werden nicht gespeichert",
          "gehen nach dem Veröffentlichen nicht online",
          "springen auf die alte Version",
        ],
      },
      es: {
        things: [
          "los cambios del editor de temas",
          "el diseño de la tienda",
          "la plantilla de inicio",
        ],
        symptoms: ["no se guardan", "no se publican", "vuelven a la versión anterior"],
      },
    },
  },
  {
    label: "domain-ssl",
    salient: ["domain", "ssl", "certificate", "secure"],
    slots: {
      en: {
        things: [
          "our custom domain",
          "the shop's own domain",
          "the SSL certificate",
          "www.myshop.com",
        ],
        symptoms: [
          "shows 'not secure'",
          "has no valid certificate",
          "gives a privacy error in Chrome",
          "won't connect over https",
        ],
      },
      fr: {
        things: ["notre nom de domaine", "le certificat SSL", "le domaine de la boutique"],
        symptoms: [
          "affiche « non sécurisé »",
          "n'a pas de certificat valide",
          "ne passe pas en https",
        ],
      },
      de: {
        things: ["unsere eigene Domain", "das SSL Zertifikat", "die Shop Domain"],
        symptoms: ["zeigt 'nicht sicher'", "hat kein gültiges Zertifikat", "lädt nicht über https"],
      },
      es: {
        things: ["nuestro dominio propio", "el certificado SSL", "el dominio de la tienda"],
        symptoms: ["sale como 'no seguro'", "no tiene certificado válido", "no carga por https"],
      },
    },
  },
];
