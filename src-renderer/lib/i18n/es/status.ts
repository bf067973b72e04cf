// Runs in: renderer. Spanish: term status names (the contract keeps the English ones for the API).
import type { status as en } from '../en/status';
import type { Translation } from '../types';

export const status: Translation<typeof en> = {
  'status.0': 'Desconocida',
  'status.1': 'Nueva',
  'status.2': 'Reconocida',
  'status.3': 'Familiar',
  'status.4': 'Aprendida',
  'status.5': 'Conocida',
  'status.98': 'Ignorada',
  'status.99': 'Muy conocida',
  'status.abbr98': 'Ign',
  'status.abbr99': '✓',
};
