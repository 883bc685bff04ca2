import { defineTranslations } from '../../kit.js';
import { MULTI_SESSION_ERRORS } from './errors.js';

/** The multi-session plugin's codes in German, French and Spanish. */
export const MULTI_SESSION_MESSAGES = defineTranslations(
  MULTI_SESSION_ERRORS,
  {},
  {
    de: { INVALID_SESSION_TOKEN: 'Ungültiges Sitzungstoken' },
    fr: { INVALID_SESSION_TOKEN: 'Jeton de session invalide' },
    es: { INVALID_SESSION_TOKEN: 'Token de sesión no válido' },
  },
);
