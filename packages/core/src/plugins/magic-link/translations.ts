import { defineTranslations } from '../../kit.js';
import { MAGIC_LINK_ERRORS } from './errors.js';
import { MAGIC_LINK_MAIL_TEXTS } from './mail.js';

/** The magic link plugin's codes and mails in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const MAGIC_LINK_MESSAGES = defineTranslations(MAGIC_LINK_ERRORS, MAGIC_LINK_MAIL_TEXTS, {
  de: {
    EXPIRED_TOKEN: 'Das Token ist abgelaufen',
    NEW_USER_SIGNUP_DISABLED: 'Die Registrierung per Link ist deaktiviert',
    'mail.magicLink.subject': 'Ihr Anmeldelink',
    'mail.magicLink.intro': 'Öffnen Sie den folgenden Link, um sich anzumelden. Ein Passwort ist nicht nötig.',
    'mail.magicLink.action': 'Anmelden',
    'mail.magicLink.validity': 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
    'mail.magicLink.ignore':
      'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren: Solange der Link nicht geöffnet wird, geschieht nichts.',
    'mail.magicLinkNewUser.subject': 'Ihr Link zum Erstellen eines Kontos',
    'mail.magicLinkNewUser.intro':
      'Jemand möchte sich mit dieser E-Mail-Adresse anmelden. Dafür gibt es noch kein Konto: Wenn Sie den folgenden Link öffnen, wird eines erstellt und Sie werden angemeldet.',
    'mail.magicLinkNewUser.action': 'Konto erstellen und anmelden',
    'mail.magicLinkNewUser.validity': 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
    'mail.magicLinkNewUser.ignore':
      'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren: Solange der Link nicht geöffnet wird, geschieht nichts.',
  },
  fr: {
    EXPIRED_TOKEN: 'Jeton expiré',
    NEW_USER_SIGNUP_DISABLED: "L'inscription par lien est désactivée",
    'mail.magicLink.subject': 'Votre lien de connexion',
    'mail.magicLink.intro': "Ouvrez le lien ci-dessous pour vous connecter. Aucun mot de passe n'est nécessaire.",
    'mail.magicLink.action': 'Se connecter',
    'mail.magicLink.validity': "Le lien est valable {duration} et ne peut être utilisé qu'une fois.",
    'mail.magicLink.ignore':
      "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : rien ne se passe tant que le lien n'est pas ouvert.",
    'mail.magicLinkNewUser.subject': 'Votre lien pour créer un compte',
    'mail.magicLinkNewUser.intro':
      "Quelqu'un a demandé à se connecter avec cette adresse e-mail. Aucun compte n'existe encore pour elle : ouvrir le lien ci-dessous en crée un et vous connecte.",
    'mail.magicLinkNewUser.action': 'Créer un compte et se connecter',
    'mail.magicLinkNewUser.validity': "Le lien est valable {duration} et ne peut être utilisé qu'une fois.",
    'mail.magicLinkNewUser.ignore':
      "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : rien ne se passe tant que le lien n'est pas ouvert.",
  },
  es: {
    EXPIRED_TOKEN: 'El token ha caducado',
    NEW_USER_SIGNUP_DISABLED: 'El registro mediante enlace está deshabilitado',
    'mail.magicLink.subject': 'Su enlace de inicio de sesión',
    'mail.magicLink.intro': 'Abra el siguiente enlace para iniciar sesión. No necesita contraseña.',
    'mail.magicLink.action': 'Iniciar sesión',
    'mail.magicLink.validity': 'El enlace es válido durante {duration} y solo puede usarse una vez.',
    'mail.magicLink.ignore': 'Si no lo ha solicitado, puede ignorar este correo: no ocurrirá nada mientras no se abra el enlace.',
    'mail.magicLinkNewUser.subject': 'Su enlace para crear una cuenta',
    'mail.magicLinkNewUser.intro':
      'Alguien ha solicitado iniciar sesión con esta dirección de correo electrónico. Todavía no existe ninguna cuenta para ella: al abrir el siguiente enlace se creará una y se iniciará su sesión.',
    'mail.magicLinkNewUser.action': 'Crear cuenta e iniciar sesión',
    'mail.magicLinkNewUser.validity': 'El enlace es válido durante {duration} y solo puede usarse una vez.',
    'mail.magicLinkNewUser.ignore': 'Si no lo ha solicitado, puede ignorar este correo: no ocurrirá nada mientras no se abra el enlace.',
  },
});
