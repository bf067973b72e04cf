// Runs in: renderer. Spanish: server messages about sending terms to Anki through AnkiConnect.
import type { ankiSyncMessages } from '../../../../src-shared/contract/messages/anki-sync';
import type { ServerTranslation } from './types';

export const ankiSync: ServerTranslation<typeof ankiSyncMessages> = {
  'ankiSync.notRunning': 'Anki no está abierto (nada responde en {url}): abre Anki con el complemento AnkiConnect y vuelve a intentarlo',
  'ankiSync.timeout': 'Anki no respondió en {seconds} s: puede estar ocupado (una sincronización o un diálogo); vuelve a intentarlo',
  'ankiSync.notAnkiConnect': 'Lo que responde en {url} no es AnkiConnect: revisa la URL de AnkiConnect en Ajustes',
  'ankiSync.refused': 'Anki rechazó la petición: {why}',
  'ankiSync.badKey': 'Anki pide una clave de API: escribe en Ajustes la clave del ajuste «apiKey» de AnkiConnect',
  'ankiSync.badUrl': 'La URL de AnkiConnect «{url}» no es una dirección http(s)',
  'ankiSync.blocked': 'La URL de AnkiConnect {url} apunta a una dirección privada o local, a la que un servidor compartido no accede por sus usuarios',
  'ankiSync.nothingToSend': 'No hay términos que enviar: la selección o el filtro no coincide con ninguno de tus términos',
};
