// Runs in: main. The mails Lectio sends, in the recipient's interface language: a mail cannot be translated by the
// renderer, so the server keeps this small catalogue (English, Spanish), chosen from the account's uiLanguage setting
// ('' = the system's, which the server cannot know: English).
import type { Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { getSetting } from '../settings';

export type MailLocale = 'en' | 'es';

interface MailTexts {
  resetSubject: string;
  resetBody: (username: string, link: string) => string;
  verifySubject: string;
  verifyBody: (username: string, link: string) => string;
}

export const MAIL_TEXT: Record<MailLocale, MailTexts> = {
  en: {
    resetSubject: 'Reset your Lectio password',
    resetBody: (username, link) =>
      `Hello ${username},\n\nsomeone (hopefully you) asked to reset the password of your Lectio account.\n` +
      `Open this link within one hour to choose a new password (it works once):\n\n${link}\n\n` +
      'If you did not ask for this, ignore this mail: your password stays as it is.\n',
    verifySubject: 'Confirm your email for Lectio',
    verifyBody: (username, link) =>
      `Hello ${username},\n\nplease confirm this address for your Lectio account by opening:\n\n${link}\n\nThe link works for 48 hours.\n`,
  },
  es: {
    resetSubject: 'Restablece tu contraseña de Lectio',
    resetBody: (username, link) =>
      `Hola ${username}:\n\nalguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de Lectio.\n` +
      `Abre este enlace antes de una hora para elegir una contraseña nueva (funciona una sola vez):\n\n${link}\n\n` +
      'Si no lo has pedido tú, ignora este correo: tu contraseña sigue como está.\n',
    verifySubject: 'Confirma tu correo para Lectio',
    verifyBody: (username, link) =>
      `Hola ${username}:\n\nconfirma esta dirección para tu cuenta de Lectio abriendo:\n\n${link}\n\nEl enlace funciona durante 48 horas.\n`,
  },
};

/** The language of the mails to an account: its interface language when Lectio speaks it, else English. */
export function mailTextFor(sqlite: Sqlite, user: CurrentUser): MailTexts {
  const setting = getSetting({ sqlite, user }, 'uiLanguage');
  return MAIL_TEXT[setting === 'es' ? 'es' : 'en'];
}
