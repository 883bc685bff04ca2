import { defineTranslations } from '../../kit.js';
import { USERNAME_ERRORS } from './errors.js';

/** The username plugin's codes in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const USERNAME_MESSAGES = defineTranslations(
  USERNAME_ERRORS,
  {},
  {
    de: {
      USERNAME_TOO_SHORT: 'Der Benutzername ist zu kurz',
      USERNAME_TOO_LONG: 'Der Benutzername ist zu lang',
      INVALID_USERNAME: 'Der Benutzername ist ungültig',
      USERNAME_IS_ALREADY_TAKEN: 'Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.',
      INVALID_USERNAME_OR_PASSWORD: 'Ungültiger Benutzername oder ungültiges Passwort',
      EMAIL_NOT_VERIFIED: 'E-Mail-Adresse nicht bestätigt',
    },
    fr: {
      USERNAME_TOO_SHORT: "Le nom d'utilisateur est trop court",
      USERNAME_TOO_LONG: "Le nom d'utilisateur est trop long",
      INVALID_USERNAME: "Le nom d'utilisateur est invalide",
      USERNAME_IS_ALREADY_TAKEN: "Ce nom d'utilisateur est déjà pris. Veuillez en choisir un autre.",
      INVALID_USERNAME_OR_PASSWORD: "Nom d'utilisateur ou mot de passe invalide",
      EMAIL_NOT_VERIFIED: 'Adresse e-mail non vérifiée',
    },
    es: {
      USERNAME_TOO_SHORT: 'El nombre de usuario es demasiado corto',
      USERNAME_TOO_LONG: 'El nombre de usuario es demasiado largo',
      INVALID_USERNAME: 'El nombre de usuario no es válido',
      USERNAME_IS_ALREADY_TAKEN: 'Este nombre de usuario ya está en uso. Elija otro.',
      INVALID_USERNAME_OR_PASSWORD: 'Nombre de usuario o contraseña no válidos',
      EMAIL_NOT_VERIFIED: 'Correo electrónico no verificado',
    },
  },
);
