import { defineTranslations } from '../i18n/types.js';
import { SOCIAL_ERRORS } from './service.js';

/** Social sign-in's own codes in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const SOCIAL_MESSAGES = defineTranslations(
  SOCIAL_ERRORS,
  {},
  {
    de: {
      ACCOUNT_NOT_LINKED: 'Das Konto ist nicht verknüpft',
      ACCOUNT_ALREADY_LINKED: 'Das Konto ist bereits verknüpft',
      UNABLE_TO_LINK_ACCOUNT: 'Das Konto konnte nicht verknüpft werden',
      REFRESH_TOKEN_NOT_FOUND: 'Aktualisierungstoken nicht gefunden',
      FAILED_TO_REFRESH_ACCESS_TOKEN: 'Das Zugriffstoken konnte nicht erneuert werden',
      FAILED_TO_GET_ACCESS_TOKEN: 'Es konnte kein gültiges Zugriffstoken abgerufen werden',
    },
    fr: {
      ACCOUNT_NOT_LINKED: 'Compte non associé',
      ACCOUNT_ALREADY_LINKED: 'Compte déjà associé',
      UNABLE_TO_LINK_ACCOUNT: "Impossible d'associer le compte",
      REFRESH_TOKEN_NOT_FOUND: "Jeton d'actualisation introuvable",
      FAILED_TO_REFRESH_ACCESS_TOKEN: "Impossible de renouveler le jeton d'accès",
      FAILED_TO_GET_ACCESS_TOKEN: "Impossible d'obtenir un jeton d'accès valide",
    },
    es: {
      ACCOUNT_NOT_LINKED: 'La cuenta no está vinculada',
      ACCOUNT_ALREADY_LINKED: 'La cuenta ya está vinculada',
      UNABLE_TO_LINK_ACCOUNT: 'No se pudo vincular la cuenta',
      REFRESH_TOKEN_NOT_FOUND: 'No se encontró el token de actualización',
      FAILED_TO_REFRESH_ACCESS_TOKEN: 'No se pudo renovar el token de acceso',
      FAILED_TO_GET_ACCESS_TOKEN: 'No se pudo obtener un token de acceso válido',
    },
  },
);
