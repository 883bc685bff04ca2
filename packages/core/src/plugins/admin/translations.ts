import { defineTranslations } from '../../kit.js';
import { ADMIN_ERRORS } from './errors.js';

/** The admin plugin's codes in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const ADMIN_MESSAGES = defineTranslations(
  ADMIN_ERRORS,
  {},
  {
    de: {
      ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Nur Administratoren können auf diesen Endpunkt zugreifen',
      YOU_CANNOT_BAN_YOURSELF: 'Sie können sich nicht selbst sperren',
      BANNED_USER: 'Sie wurden für diese Anwendung gesperrt',
      YOU_ARE_NOT_IMPERSONATING_ANYONE: 'Sie agieren derzeit nicht als ein anderer Benutzer',
      FAILED_TO_FIND_ADMIN_SESSION: 'Die Administratorsitzung wurde nicht gefunden',
      FAILED_TO_FIND_USER: 'Der Benutzer wurde nicht gefunden',
      YOU_CANNOT_IMPERSONATE_ADMINS: 'Sie können nicht als Administrator agieren',
      TWO_FACTOR_NOT_ENABLED: 'Die Zwei-Faktor-Authentifizierung ist nicht aktiviert',
    },
    fr: {
      ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Seuls les administrateurs peuvent accéder à ce point de terminaison',
      YOU_CANNOT_BAN_YOURSELF: 'Vous ne pouvez pas vous bannir vous-même',
      BANNED_USER: 'Vous avez été banni de cette application',
      YOU_ARE_NOT_IMPERSONATING_ANYONE: "Vous n'usurpez l'identité de personne",
      FAILED_TO_FIND_ADMIN_SESSION: "Session d'administrateur introuvable",
      FAILED_TO_FIND_USER: 'Utilisateur introuvable',
      YOU_CANNOT_IMPERSONATE_ADMINS: "Vous ne pouvez pas usurper l'identité d'un administrateur",
      TWO_FACTOR_NOT_ENABLED: "L'authentification à deux facteurs n'est pas activée",
    },
    es: {
      ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT: 'Solo los administradores pueden acceder a este punto de acceso',
      YOU_CANNOT_BAN_YOURSELF: 'No puede bloquearse a sí mismo',
      BANNED_USER: 'Ha sido bloqueado en esta aplicación',
      YOU_ARE_NOT_IMPERSONATING_ANYONE: 'No está suplantando a ningún usuario',
      FAILED_TO_FIND_ADMIN_SESSION: 'No se encontró la sesión de administrador',
      FAILED_TO_FIND_USER: 'No se encontró el usuario',
      YOU_CANNOT_IMPERSONATE_ADMINS: 'No puede suplantar a un administrador',
      TWO_FACTOR_NOT_ENABLED: 'La autenticación en dos pasos no está habilitada',
    },
  },
);
