// Runs in: renderer. Spanish: pairing a browser extension (the app's Allow dialog). The extension's own words are in
// src-extension/i18n/.
import type { extension as en } from '../en/extension';
import type { Translation } from '../types';

export const extension: Translation<typeof en> = {
  'pairing.title': 'Conectar una extensión del navegador',
  'pairing.question': '¿Permitir que «{name}» (código {code}) lea y cambie tu biblioteca?',
  'pairing.reach':
    'Esta extensión del navegador podrá leer tu biblioteca, guardar palabras e importar páginas. No podrá descargar ni restaurar una copia de seguridad ni cambiar la configuración.',
  'pairing.origin': 'Se identifica como {origin}. Permítelo solo si la extensión muestra el mismo código.',
  'pairing.allow': 'Permitir',
  'pairing.deny': 'Denegar',
  'pairing.allowed': '«{name}» está conectada. Puedes revocarla cuando quieras en Aplicaciones conectadas.',
};
