import { defineTranslations } from '../../kit.js';
import { WEBHOOKS_ERRORS } from './errors.js';

/** The webhooks plugin's codes in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const WEBHOOKS_MESSAGES = defineTranslations(
  WEBHOOKS_ERRORS,
  {},
  {
    de: {
      ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Nur Administratoren können auf diesen Endpunkt zugreifen',
      INVALID_WEBHOOK_URL: 'Die Webhook-URL muss eine http- oder https-URL ohne Zugangsdaten sein',
      WEBHOOK_URL_NOT_ALLOWED: 'Die Webhook-URL verweist auf eine private oder lokale Adresse',
      UNKNOWN_WEBHOOK_EVENT: 'Unbekanntes Webhook-Ereignis',
      INVALID_WEBHOOK_SECRET: 'Das Geheimnis muss aus "whsec_" gefolgt von 24 bis 64 Bytes in Base64 bestehen',
      WEBHOOK_NOT_FOUND: 'Webhook nicht gefunden',
      WEBHOOK_FROM_CONFIGURATION: 'Dieser Webhook ist in der Konfiguration festgelegt und kann hier nicht geändert werden',
      DELIVERY_NOT_FOUND: 'Zustellung nicht gefunden',
      DELIVERY_STILL_PENDING: 'Diese Zustellung wird noch wiederholt',
    },
    fr: {
      ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Seuls les administrateurs peuvent accéder à ce point de terminaison',
      INVALID_WEBHOOK_URL: "L'URL du webhook doit être une URL http ou https sans identifiants",
      WEBHOOK_URL_NOT_ALLOWED: "L'URL du webhook pointe vers une adresse privée ou locale",
      UNKNOWN_WEBHOOK_EVENT: 'Événement de webhook inconnu',
      INVALID_WEBHOOK_SECRET: 'Le secret doit être « whsec_ » suivi de 24 à 64 octets encodés en base64',
      WEBHOOK_NOT_FOUND: 'Webhook introuvable',
      WEBHOOK_FROM_CONFIGURATION: 'Ce webhook est défini dans la configuration et ne peut pas être modifié ici',
      DELIVERY_NOT_FOUND: 'Livraison introuvable',
      DELIVERY_STILL_PENDING: 'Cette livraison est encore en cours de nouvelle tentative',
    },
    es: {
      ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Solo los administradores pueden acceder a este punto de acceso',
      INVALID_WEBHOOK_URL: 'La URL del webhook debe ser una URL http o https sin credenciales',
      WEBHOOK_URL_NOT_ALLOWED: 'La URL del webhook apunta a una dirección privada o local',
      UNKNOWN_WEBHOOK_EVENT: 'Evento de webhook desconocido',
      INVALID_WEBHOOK_SECRET: 'El secreto debe ser "whsec_" seguido de 24 a 64 bytes en base64',
      WEBHOOK_NOT_FOUND: 'Webhook no encontrado',
      WEBHOOK_FROM_CONFIGURATION: 'Este webhook está definido en la configuración y no puede modificarse aquí',
      DELIVERY_NOT_FOUND: 'Entrega no encontrada',
      DELIVERY_STILL_PENDING: 'Esta entrega todavía se está reintentando',
    },
  },
);
