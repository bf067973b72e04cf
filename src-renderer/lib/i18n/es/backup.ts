// Runs in: renderer. Spanish: the backup screens (back up, restore, move in from LWT or Lute).
import type { backup as en } from '../en/backup';
import type { Translation } from '../types';

export const backup: Translation<typeof en> = {
  'backup.restoreFilePrompt': 'Suelta aquí una copia de seguridad de Lectio (.zip), o elígela',
  'backup.moveInFilePrompt': 'Suelta aquí el archivo de la copia, o elígelo',
  'backup.restorePutBack':
    'El {date}, la biblioteca restaurada de la copia del {backup} no pudo arrancar ({reason}). Lectio volvió a poner tu biblioteca anterior; no se ha perdido nada de ella.',
};
