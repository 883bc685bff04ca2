import { defineTranslations } from '../i18n/types.js';
import { LOCKOUT_ERRORS } from './lockout.js';

/** The lockout's refusal in German ("Sie"), French ("vous") and Spanish ("usted"); its notice mail's words are the core's (i18n/core-texts.ts). */
export const LOCKOUT_MESSAGES = defineTranslations(
  LOCKOUT_ERRORS,
  {},
  {
    de: { TOO_MANY_FAILED_ATTEMPTS: 'Zu viele fehlgeschlagene Versuche. Bitte versuchen Sie es später erneut.' },
    fr: { TOO_MANY_FAILED_ATTEMPTS: 'Trop de tentatives infructueuses. Veuillez réessayer plus tard.' },
    es: { TOO_MANY_FAILED_ATTEMPTS: 'Demasiados intentos fallidos. Vuelva a intentarlo más tarde.' },
  },
);
