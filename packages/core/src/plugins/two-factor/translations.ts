import { defineTranslations } from '../../kit.js';
import { TWO_FACTOR_ERRORS } from './errors.js';
import { TWO_FACTOR_MAIL_TEXTS } from './mail-texts.js';

/** The two-factor plugin's codes and code mail in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const TWO_FACTOR_MESSAGES = defineTranslations(TWO_FACTOR_ERRORS, TWO_FACTOR_MAIL_TEXTS, {
  de: {
    INVALID_TWO_FACTOR_COOKIE: 'Ungültiges Cookie für die Zwei-Faktor-Authentifizierung',
    INVALID_TWO_FACTOR_AUTHENTICATION: 'Ungültige Zwei-Faktor-Authentifizierung',
    TOTP_NOT_ENABLED: 'TOTP ist nicht aktiviert',
    TWO_FACTOR_NOT_ENABLED: 'Die Zwei-Faktor-Authentifizierung ist nicht aktiviert',
    'mail.twoFactor.subject': 'Ihr Anmeldecode',
    'mail.twoFactor.intro': 'Ihr Anmeldecode lautet:',
    'mail.twoFactor.validity': 'Er ist {duration} gültig und kann einmal verwendet werden.',
    'mail.twoFactor.advice': 'Falls Sie nicht versucht haben, sich anzumelden, ändern Sie bitte Ihr Passwort.',
  },
  fr: {
    INVALID_TWO_FACTOR_COOKIE: "Cookie d'authentification à deux facteurs invalide",
    INVALID_TWO_FACTOR_AUTHENTICATION: 'Authentification à deux facteurs invalide',
    TOTP_NOT_ENABLED: "TOTP n'est pas activé",
    TWO_FACTOR_NOT_ENABLED: "L'authentification à deux facteurs n'est pas activée",
    'mail.twoFactor.subject': 'Votre code de connexion',
    'mail.twoFactor.intro': 'Votre code de connexion est :',
    'mail.twoFactor.validity': "Il est valable {duration} et ne peut être utilisé qu'une fois.",
    'mail.twoFactor.advice': "Si vous n'avez pas essayé de vous connecter, changez votre mot de passe.",
  },
  es: {
    INVALID_TWO_FACTOR_COOKIE: 'Cookie de autenticación en dos pasos no válida',
    INVALID_TWO_FACTOR_AUTHENTICATION: 'Autenticación en dos pasos no válida',
    TOTP_NOT_ENABLED: 'TOTP no está habilitado',
    TWO_FACTOR_NOT_ENABLED: 'La autenticación en dos pasos no está habilitada',
    'mail.twoFactor.subject': 'Su código de inicio de sesión',
    'mail.twoFactor.intro': 'Su código de inicio de sesión es:',
    'mail.twoFactor.validity': 'Es válido durante {duration} y solo puede usarse una vez.',
    'mail.twoFactor.advice': 'Si no ha intentado iniciar sesión, cambie su contraseña.',
  },
});
