import { defineTranslations } from '../../kit.js';
import { PASSKEY_ERRORS } from './errors.js';

/** The passkey plugin's codes in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const PASSKEY_MESSAGES = defineTranslations(
  PASSKEY_ERRORS,
  {},
  {
    de: {
      CHALLENGE_NOT_FOUND: 'Challenge nicht gefunden',
      YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'Sie dürfen diesen Passkey nicht registrieren',
      FAILED_TO_VERIFY_REGISTRATION: 'Die Registrierung konnte nicht überprüft werden',
      PASSKEY_ALREADY_REGISTERED: 'Dieser Passkey ist bereits registriert',
      PASSKEY_NOT_FOUND: 'Passkey nicht gefunden',
      AUTHENTICATION_FAILED: 'Authentifizierung fehlgeschlagen',
      INVALID_TWO_FACTOR_COOKIE: 'Ungültiges Cookie für die Zwei-Faktor-Authentifizierung',
      CANNOT_DELETE_LAST_PASSKEY: 'Sie können Ihren letzten Passkey nicht löschen: Er ist Ihre einzige Möglichkeit, sich anzumelden',
    },
    fr: {
      CHALLENGE_NOT_FOUND: 'Défi introuvable',
      YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: "Vous n'êtes pas autorisé à enregistrer cette clé d'accès",
      FAILED_TO_VERIFY_REGISTRATION: "Impossible de vérifier l'enregistrement",
      PASSKEY_ALREADY_REGISTERED: "Cette clé d'accès est déjà enregistrée",
      PASSKEY_NOT_FOUND: "Clé d'accès introuvable",
      AUTHENTICATION_FAILED: "Échec de l'authentification",
      INVALID_TWO_FACTOR_COOKIE: "Cookie d'authentification à deux facteurs invalide",
      CANNOT_DELETE_LAST_PASSKEY: "Vous ne pouvez pas supprimer votre dernière clé d'accès : c'est votre seul moyen de vous connecter",
    },
    es: {
      CHALLENGE_NOT_FOUND: 'Desafío no encontrado',
      YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'No tiene permiso para registrar esta llave de acceso',
      FAILED_TO_VERIFY_REGISTRATION: 'No se pudo verificar el registro',
      PASSKEY_ALREADY_REGISTERED: 'Esta llave de acceso ya está registrada',
      PASSKEY_NOT_FOUND: 'Llave de acceso no encontrada',
      AUTHENTICATION_FAILED: 'Error de autenticación',
      INVALID_TWO_FACTOR_COOKIE: 'Cookie de autenticación en dos pasos no válida',
      CANNOT_DELETE_LAST_PASSKEY: 'No puede eliminar su última llave de acceso: es su única forma de iniciar sesión',
    },
  },
);
