import { defineTranslations } from '../../kit.js';
import { SCIM_ERRORS } from './errors.js';

/** The scim plugin's codes in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const SCIM_MESSAGES = defineTranslations(
  SCIM_ERRORS,
  {},
  {
    de: {
      NOT_A_MEMBER: 'Sie sind kein Mitglied der Organisation',
      INSUFFICIENT_ROLE: 'Ihre Rolle reicht für diesen Vorgang nicht aus',
      BANNED_USER: 'Sie wurden für diese Anwendung gesperrt',
    },
    fr: {
      NOT_A_MEMBER: "Vous n'êtes pas membre de l'organisation",
      INSUFFICIENT_ROLE: 'Votre rôle ne permet pas cette opération',
      BANNED_USER: 'Vous avez été banni de cette application',
    },
    es: {
      NOT_A_MEMBER: 'No es miembro de la organización',
      INSUFFICIENT_ROLE: 'Su rol no permite esta operación',
      BANNED_USER: 'Ha sido bloqueado en esta aplicación',
    },
  },
);
