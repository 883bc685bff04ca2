import { defineTranslations } from '../i18n/types.js';
import { ACCOUNT_ERRORS } from './errors.js';
import { ACCOUNT_MAIL_TEXTS } from './mail-texts.js';

/** The account flows' codes and mails in German ("Sie"), French ("vous") and Spanish ("usted"). */
export const ACCOUNT_MESSAGES = defineTranslations(ACCOUNT_ERRORS, ACCOUNT_MAIL_TEXTS, {
  de: {
    TOKEN_EXPIRED: 'Das Token ist abgelaufen',
    FAILED_TO_DELETE_USER: 'Der Benutzer konnte nicht gelöscht werden',
    'mail.verification.subject': 'Bestätigen Sie Ihre E-Mail-Adresse',
    'mail.verification.intro': 'Bitte bestätigen Sie, dass dies Ihre E-Mail-Adresse ist, indem Sie den folgenden Link öffnen.',
    'mail.verification.action': 'E-Mail-Adresse bestätigen',
    'mail.verification.validity': 'Der Link ist {duration} gültig.',
    'mail.verification.ignore': 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    'mail.resetPassword.subject': 'Setzen Sie Ihr Passwort zurück',
    'mail.resetPassword.intro': 'Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen. Öffnen Sie den folgenden Link, um ein neues zu wählen.',
    'mail.resetPassword.action': 'Passwort zurücksetzen',
    'mail.resetPassword.validity': 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
    'mail.resetPassword.ignore': 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    'mail.changeEmail.subject': 'Bestätigen Sie die Änderung Ihrer E-Mail-Adresse',
    'mail.changeEmail.intro':
      'Jemand hat angefordert, die E-Mail-Adresse Ihres Kontos von {email} auf {newEmail} zu ändern. Öffnen Sie den folgenden Link, um dies zu bestätigen.',
    'mail.changeEmail.action': 'Änderung bestätigen',
    'mail.changeEmail.validity': 'Der Link ist {duration} gültig. Sie müssen angemeldet sein, wenn Sie ihn öffnen.',
    'mail.changeEmail.ignore': 'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail und ändern Sie am besten Ihr Passwort.',
    'mail.deleteAccount.subject': 'Bestätigen Sie die Löschung Ihres Kontos',
    'mail.deleteAccount.intro':
      'Jemand hat angefordert, Ihr Konto zu löschen. Öffnen Sie den folgenden Link, um dies zu bestätigen: Ihr Konto und alle zugehörigen Daten werden endgültig entfernt.',
    'mail.deleteAccount.action': 'Mein Konto löschen',
    'mail.deleteAccount.validity': 'Der Link ist {duration} gültig und kann einmal verwendet werden.',
    'mail.deleteAccount.ignore': 'Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail und ändern Sie am besten Ihr Passwort.',
  },
  fr: {
    TOKEN_EXPIRED: 'Jeton expiré',
    FAILED_TO_DELETE_USER: "Impossible de supprimer l'utilisateur",
    'mail.verification.subject': 'Vérifiez votre adresse e-mail',
    'mail.verification.intro': "Veuillez confirmer qu'il s'agit bien de votre adresse e-mail en ouvrant le lien ci-dessous.",
    'mail.verification.action': "Vérifier l'adresse e-mail",
    'mail.verification.validity': 'Le lien est valable {duration}.',
    'mail.verification.ignore': "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail.",
    'mail.resetPassword.subject': 'Réinitialisez votre mot de passe',
    'mail.resetPassword.intro':
      "Quelqu'un a demandé la réinitialisation du mot de passe de votre compte. Ouvrez le lien ci-dessous pour en choisir un nouveau.",
    'mail.resetPassword.action': 'Réinitialiser le mot de passe',
    'mail.resetPassword.validity': "Le lien est valable {duration} et ne peut être utilisé qu'une fois.",
    'mail.resetPassword.ignore': "Si vous n'êtes pas à l'origine de cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.",
    'mail.changeEmail.subject': "Confirmez le changement d'adresse e-mail",
    'mail.changeEmail.intro':
      "Quelqu'un a demandé à remplacer l'adresse e-mail de votre compte, {email}, par {newEmail}. Ouvrez le lien ci-dessous pour confirmer.",
    'mail.changeEmail.action': 'Confirmer le changement',
    'mail.changeEmail.validity': "Le lien est valable {duration}. Vous devez être connecté lorsque vous l'ouvrez.",
    'mail.changeEmail.ignore': "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail et pensez à changer votre mot de passe.",
    'mail.deleteAccount.subject': 'Confirmez la suppression du compte',
    'mail.deleteAccount.intro':
      "Quelqu'un a demandé la suppression de votre compte. Ouvrez le lien ci-dessous pour confirmer : votre compte et toutes ses données seront définitivement supprimés.",
    'mail.deleteAccount.action': 'Supprimer mon compte',
    'mail.deleteAccount.validity': "Le lien est valable {duration} et ne peut être utilisé qu'une fois.",
    'mail.deleteAccount.ignore': "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail et pensez à changer votre mot de passe.",
  },
  es: {
    TOKEN_EXPIRED: 'El token ha caducado',
    FAILED_TO_DELETE_USER: 'No se pudo eliminar el usuario',
    'mail.verification.subject': 'Verifique su dirección de correo electrónico',
    'mail.verification.intro': 'Confirme que esta es su dirección de correo electrónico abriendo el siguiente enlace.',
    'mail.verification.action': 'Verificar correo electrónico',
    'mail.verification.validity': 'El enlace es válido durante {duration}.',
    'mail.verification.ignore': 'Si no lo ha solicitado, puede ignorar este correo.',
    'mail.resetPassword.subject': 'Restablezca su contraseña',
    'mail.resetPassword.intro': 'Alguien ha solicitado restablecer la contraseña de su cuenta. Abra el siguiente enlace para elegir una nueva.',
    'mail.resetPassword.action': 'Restablecer contraseña',
    'mail.resetPassword.validity': 'El enlace es válido durante {duration} y solo puede usarse una vez.',
    'mail.resetPassword.ignore': 'Si no lo ha solicitado, puede ignorar este correo: su contraseña no cambiará.',
    'mail.changeEmail.subject': 'Confirme el cambio de su correo electrónico',
    'mail.changeEmail.intro':
      'Alguien ha solicitado cambiar la dirección de correo electrónico de su cuenta de {email} a {newEmail}. Abra el siguiente enlace para confirmarlo.',
    'mail.changeEmail.action': 'Confirmar el cambio',
    'mail.changeEmail.validity': 'El enlace es válido durante {duration}. Debe haber iniciado sesión cuando lo abra.',
    'mail.changeEmail.ignore': 'Si no lo ha solicitado, ignore este correo y considere cambiar su contraseña.',
    'mail.deleteAccount.subject': 'Confirme la eliminación de su cuenta',
    'mail.deleteAccount.intro':
      'Alguien ha solicitado eliminar su cuenta. Abra el siguiente enlace para confirmarlo: su cuenta y todos sus datos se eliminarán definitivamente.',
    'mail.deleteAccount.action': 'Eliminar mi cuenta',
    'mail.deleteAccount.validity': 'El enlace es válido durante {duration} y solo puede usarse una vez.',
    'mail.deleteAccount.ignore': 'Si no lo ha solicitado, ignore este correo y considere cambiar su contraseña.',
  },
});
