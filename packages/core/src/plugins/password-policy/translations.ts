import { defineTranslations } from '../../kit.js';
import { PASSWORD_POLICY_ERRORS } from './errors.js';

/** The password policy's code in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const PASSWORD_POLICY_MESSAGES = defineTranslations(
  PASSWORD_POLICY_ERRORS,
  {},
  {
    de: {
      PASSWORD_COMPROMISED: 'Dieses Passwort ist zu verbreitet oder ist in einem Datenleck aufgetaucht. Bitte wählen Sie ein anderes Passwort.',
    },
    fr: {
      PASSWORD_COMPROMISED: "Ce mot de passe est trop courant ou a été exposé lors d'une fuite de données. Veuillez choisir un autre mot de passe.",
    },
    es: {
      PASSWORD_COMPROMISED: 'Esta contraseña es demasiado común o ha aparecido en una filtración de datos. Elija una contraseña diferente.',
    },
  },
);
