import { defineTranslations } from '../../kit.js';
import { EMAIL_OTP_ERRORS } from './errors.js';
import { OTP_MAIL_TEXTS } from './mail.js';

/** The email OTP plugin's codes and code mails in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const EMAIL_OTP_MESSAGES = defineTranslations(EMAIL_OTP_ERRORS, OTP_MAIL_TEXTS, {
  de: {
    INVALID_OTP: 'Ungültiger Code',
    OTP_EXPIRED: 'Der Code ist abgelaufen',
    TOO_MANY_ATTEMPTS: 'Zu viele Versuche',
    'mail.emailOtp.signIn.subject': 'Ihr Anmeldecode',
    'mail.emailOtp.signIn.intro': 'Geben Sie diesen Code ein, um sich anzumelden:',
    'mail.emailOtp.signIn.ignore':
      'Falls Sie nicht versucht haben, sich anzumelden, können Sie diese E-Mail ignorieren: Ohne den Code kann sich niemand anmelden.',
    'mail.emailOtp.emailVerification.subject': 'Ihr Code zur Bestätigung der E-Mail-Adresse',
    'mail.emailOtp.emailVerification.intro': 'Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen:',
    'mail.emailOtp.emailVerification.ignore': 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    'mail.emailOtp.forgetPassword.subject': 'Ihr Code zum Zurücksetzen des Passworts',
    'mail.emailOtp.forgetPassword.intro': 'Geben Sie diesen Code ein, um ein neues Passwort zu wählen:',
    'mail.emailOtp.forgetPassword.ignore': 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    'mail.emailOtp.validity': 'Der Code ist {duration} gültig und kann einmal verwendet werden. Geben Sie ihn niemals weiter.',
  },
  fr: {
    INVALID_OTP: 'Code invalide',
    OTP_EXPIRED: 'Code expiré',
    TOO_MANY_ATTEMPTS: 'Trop de tentatives',
    'mail.emailOtp.signIn.subject': 'Votre code de connexion',
    'mail.emailOtp.signIn.intro': 'Saisissez ce code pour vous connecter :',
    'mail.emailOtp.signIn.ignore': "Si vous n'avez pas essayé de vous connecter, vous pouvez ignorer cet e-mail : personne ne peut se connecter sans ce code.",
    'mail.emailOtp.emailVerification.subject': "Votre code de vérification de l'adresse e-mail",
    'mail.emailOtp.emailVerification.intro': 'Saisissez ce code pour vérifier votre adresse e-mail :',
    'mail.emailOtp.emailVerification.ignore': "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail.",
    'mail.emailOtp.forgetPassword.subject': 'Votre code de réinitialisation du mot de passe',
    'mail.emailOtp.forgetPassword.intro': 'Saisissez ce code pour choisir un nouveau mot de passe :',
    'mail.emailOtp.forgetPassword.ignore':
      "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.",
    'mail.emailOtp.validity': "Le code est valable {duration} et ne peut être utilisé qu'une fois. Ne le communiquez jamais à personne.",
  },
  es: {
    INVALID_OTP: 'Código no válido',
    OTP_EXPIRED: 'El código ha caducado',
    TOO_MANY_ATTEMPTS: 'Demasiados intentos',
    'mail.emailOtp.signIn.subject': 'Su código de inicio de sesión',
    'mail.emailOtp.signIn.intro': 'Introduzca este código para iniciar sesión:',
    'mail.emailOtp.signIn.ignore': 'Si no ha intentado iniciar sesión, puede ignorar este correo: nadie puede iniciar sesión sin el código.',
    'mail.emailOtp.emailVerification.subject': 'Su código de verificación de correo electrónico',
    'mail.emailOtp.emailVerification.intro': 'Introduzca este código para verificar su dirección de correo electrónico:',
    'mail.emailOtp.emailVerification.ignore': 'Si no lo ha solicitado, puede ignorar este correo.',
    'mail.emailOtp.forgetPassword.subject': 'Su código para restablecer la contraseña',
    'mail.emailOtp.forgetPassword.intro': 'Introduzca este código para elegir una nueva contraseña:',
    'mail.emailOtp.forgetPassword.ignore': 'Si no lo ha solicitado, puede ignorar este correo: su contraseña no cambiará.',
    'mail.emailOtp.validity': 'El código es válido durante {duration} y solo puede usarse una vez. No lo comparta nunca con nadie.',
  },
});
