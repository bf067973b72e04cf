// Runs in: renderer. Spanish: sending terms to a running Anki (AnkiConnect) from the vocabulary, and its settings.
import type { ankiSend as en } from '../en/anki-send';
import type { Translation } from '../types';

export const ankiSend: Translation<typeof en> = {
  'ankiSend.sendSelected': { one: 'Enviar {count} a Anki', other: 'Enviar {count} a Anki' },
  'ankiSend.sendShown': { one: 'Enviar a Anki el término mostrado', other: 'Enviar a Anki los {count} términos mostrados' },
  'ankiSend.sendHint': 'Añade una nota por término al mazo Lectio::<idioma> del Anki abierto, o actualiza la nota enviada antes',
  'ankiSend.chooseTitle': { one: '¿Enviar {count} término a Anki?', other: '¿Enviar {count} términos a Anki?' },
  'ankiSend.perStatus': 'Por estado: {counts}',
  'ankiSend.sendLearning': {
    one: 'Enviar el {count} término que estás aprendiendo (estados 1–5)',
    other: 'Enviar los {count} términos que estás aprendiendo (estados 1–5)',
  },
  'ankiSend.sendLearningHint': 'Los términos muy conocidos e ignorados no necesitan tarjetas',
  'ankiSend.sendEvery': {
    one: 'Enviar los {count}, también los muy conocidos e ignorados',
    other: 'Enviar los {count}, también los muy conocidos e ignorados',
  },
  'ankiSend.sendThese': { one: 'Enviar el {count} término', other: 'Enviar los {count} términos' },
  'ankiSend.updateStatuses': 'Actualizar estados desde Anki',
  'ankiSend.updateStatusesHint':
    'Lee los intervalos de las tarjetas que envió Lectio y pone los estados de los términos según ellos (ignorados y bien conocidos no cambian)',
  'ankiSend.sending': 'Enviando a Anki',
  'ankiSend.progress': '{done} de {total}',
  'ankiSend.result': 'Anki: {added} añadidos, {updated} actualizados, {unchanged} sin cambios, {failed} con error',
  'ankiSend.created': 'Creado en Anki: {what}',
  'ankiSend.noteType': 'el tipo de nota «Lectio term»',
  'ankiSend.failedList': 'No enviados',
  'ankiSend.statusResult': 'Estados desde Anki: cambiaron {updated} de {terms} términos ({cards} tarjetas leídas)',
  'ankiSend.statusNotFound': {
    one: '{count} tarjeta no pertenece a ninguno de tus términos',
    other: '{count} tarjetas no pertenecen a ninguno de tus términos',
  },
  'ankiSend.dismiss': 'Cerrar',
  'ankiSend.settingsTitle': 'Anki (AnkiConnect)',
  'ankiSend.settingsHint': 'Lectio envía términos a un Anki abierto mediante su complemento AnkiConnect. Instala AnkiConnect en Anki y deja Anki abierto.',
  'ankiSend.url': 'URL de AnkiConnect',
  'ankiSend.urlHint': 'Donde escucha AnkiConnect; por defecto es http://127.0.0.1:8765',
  'ankiSend.key': 'Clave de API',
  'ankiSend.keyHint': 'Solo si pusiste «apiKey» en la configuración de AnkiConnect',
  'ankiSend.sendOnSave': 'Enviar cada término a Anki al guardarlo',
  'ankiSend.test': 'Probar la conexión',
  'ankiSend.connected': 'Conectado: AnkiConnect versión {version} en {url}',
  'ankiSend.sendTerm': 'Enviar a Anki',
  'ankiSend.termAdded': 'Añadido a Anki',
  'ankiSend.termUpdated': 'Actualizado en Anki',
  'ankiSend.termUnchanged': 'Anki ya tiene este término tal cual',
  'ankiSend.termFailed': 'Anki no aceptó este término: {reason}',
};
