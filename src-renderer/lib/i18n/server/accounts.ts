// Runs in: renderer. Spanish: server messages about accounts, sign-in, registration and settings.
import type { accountMessages } from '../../../../src-shared/contract/messages/accounts';
import type { ServerTranslation } from './types';

export const accounts: ServerTranslation<typeof accountMessages> = {
  'common.notFound': 'No encontrado',
  'common.forbidden': 'No permitido',
  'common.adminOnly': 'Solo un administrador puede hacer esto',
  'request.authRequired': 'Hay que iniciar sesión',
  'request.tooManyAttempts': 'Demasiados intentos; inténtalo más tarde',
  'request.tooManyRequests': 'Demasiadas solicitudes; inténtalo más tarde',
  'request.csrf': 'Falta el token CSRF o no es válido',
  'request.csrfBeforeFiles': 'Falta el token CSRF o no es válido (un formulario debe enviar _csrf_token antes de sus archivos)',
  'request.crossSite': 'Solicitud entre sitios rechazada',
  'accounts.singleUser':
    'Las cuentas solo existen en el modo multiusuario (MULTI_USER_ENABLED=true); este Lectio funciona con un solo usuario, sin inicio de sesión',
  'accounts.registrationClosed': 'El registro está cerrado en este servidor; pide una cuenta a su administrador',
  'accounts.registrationRefused': 'Registro rechazado',
  'accounts.formExpired': 'El formulario ha caducado; recarga la página e inténtalo de nuevo',
  'accounts.formTooFast': 'El formulario se envió demasiado rápido; espera un momento e inténtalo de nuevo',
  'accounts.passwordsDiffer': 'Las contraseñas no coinciden',
  'accounts.usernameTaken': 'Este nombre de usuario ya está ocupado',
  'accounts.emailTaken': 'Otra cuenta ya usa este correo electrónico',
  'accounts.captchaMissing': 'Completa la verificación',
  'accounts.captchaInvalid': 'La verificación ha fallado; inténtalo de nuevo',
  'accounts.captchaExpired': 'La verificación ha caducado; inténtalo de nuevo',
  'accounts.captchaReplayed': 'Esta verificación ya se usó; inténtalo de nuevo',
  'accounts.passwordCommon': 'la contraseña es demasiado común; elige otra',
  'accounts.passwordIsUsername': 'la contraseña no puede ser tu nombre de usuario',
  'accounts.passwordRepeats': 'la contraseña no puede repetir un solo carácter',
  'accounts.loginFailed': 'Nombre de usuario o contraseña incorrectos',
  'accounts.disabled': 'Esta cuenta está desactivada; consulta al administrador',
  'accounts.currentPasswordWrong': 'La contraseña actual no es correcta',
  'accounts.recoverFailed': 'El nombre de usuario o el código de recuperación no son correctos',
  'accounts.noMail':
    'Este servidor no tiene configurado el restablecimiento de contraseña por correo. Usa el código de recuperación que viste al registrarte en /password/recover, o consulta al administrador.',
  'accounts.resetLinkInvalid': 'Este enlace de restablecimiento no es válido o ha caducado; pide uno nuevo',
  'accounts.noEmail': 'Esta cuenta no tiene dirección de correo electrónico',
  'accounts.tokenLimit': 'Como máximo {max} tokens; revoca uno primero',
  'accounts.tokenNotFound': 'Token no encontrado',
  'accounts.userNotFound': 'Usuario no encontrado',
  'accounts.lastAdmin': 'El último administrador activo no puede perder su rol ni desactivarse',
  'settings.adminOnly': 'Solo un administrador puede cambiar este ajuste',
};
