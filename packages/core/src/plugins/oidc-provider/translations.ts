import { defineTranslations } from '../../kit.js';
import { OIDC_PROVIDER_ERRORS } from './errors.js';

/** The OpenID provider's codes in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const OIDC_PROVIDER_MESSAGES = defineTranslations(OIDC_PROVIDER_ERRORS, {}, {
  de: {
    INTERACTION_NOT_FOUND: 'Die Anmeldeanfrage ist abgelaufen oder wurde bereits verwendet; beginnen Sie bitte erneut in der Anwendung',
    APPLICATION_NOT_FOUND: 'Anwendung nicht gefunden',
    INVALID_REDIRECT_URI: 'Weiterleitungs-URIs müssen absolute http(s)-URLs ohne Fragment sein',
    ONLY_ADMINS_CAN_MANAGE_APPLICATIONS: 'Nur Administratoren können Anwendungen verwalten',
    CONSENT_NOT_FOUND: 'Einwilligung nicht gefunden',
  },
  fr: {
    INTERACTION_NOT_FOUND: "La demande de connexion a expiré ou a déjà été utilisée ; veuillez recommencer depuis l'application",
    APPLICATION_NOT_FOUND: 'Application introuvable',
    INVALID_REDIRECT_URI: 'Les URI de redirection doivent être des URL http(s) absolues sans fragment',
    ONLY_ADMINS_CAN_MANAGE_APPLICATIONS: 'Seuls les administrateurs peuvent gérer les applications',
    CONSENT_NOT_FOUND: 'Consentement introuvable',
  },
  es: {
    INTERACTION_NOT_FOUND: 'La solicitud de inicio de sesión ha caducado o ya se utilizó; vuelva a empezar desde la aplicación',
    APPLICATION_NOT_FOUND: 'Aplicación no encontrada',
    INVALID_REDIRECT_URI: 'Las URI de redirección deben ser URL http(s) absolutas sin fragmento',
    ONLY_ADMINS_CAN_MANAGE_APPLICATIONS: 'Solo los administradores pueden gestionar aplicaciones',
    CONSENT_NOT_FOUND: 'Consentimiento no encontrado',
  },
});
