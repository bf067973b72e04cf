// Runs in: renderer. Spanish: server messages of Lectio's AnkiConnect server (issue 29).
import type { ankiConnectMessages } from '../../../../src-shared/contract/messages/ankiconnect';
import type { ServerTranslation } from './types';

export const ankiconnect: ServerTranslation<typeof ankiConnectMessages> = {
  'ankiconnect.originNotAllowed': 'Lectio aún no ha permitido {origin}: pide permiso desde la herramienta (requestPermission) y permítelo en Lectio',
  'ankiconnect.nullOrigin': 'Una página sin origen (Origin: null) no puede usar el servidor AnkiConnect de Lectio',
  'ankiconnect.scope': 'Esta clave no puede llamar a {action}: su aplicación necesita el permiso {scope} (Ajustes → Aplicaciones conectadas)',
  'ankiconnect.badParams': 'Parámetros no válidos para {action}: {why}',
  'ankiconnect.badSearch': 'Búsqueda no entendida: {why}',
  'ankiconnect.noTermField':
    'La nota no tiene ningún campo que Lectio lea como término (tiene: {fields}); llama a uno Term, Expression, Word o Front, o asígnalo en Ajustes → AnkiConnect',
  'ankiconnect.noWord':
    'Lectio guarda palabras, y esta nota no tiene ninguna ({field} es «[empty]»): añade primero la palabra (desde Yomitan o en Lectio) y después actualiza su nota con la frase, el audio y la imagen (mpvacious: Ctrl+M)',
  'ankiconnect.tooManyNotes': '{count} notas en una llamada; como máximo {max}',
  'ankiconnect.answerTooLarge':
    'Esta llamada pide más de lo que Lectio responde de una vez ({ids} ids de notas o {notes} notas en total); pide en llamadas más pequeñas o acota la búsqueda',
  'ankiconnect.localPath': 'Lectio no lee archivos por ruta ({filename}); envía el archivo como data (base64) o url',
  'ankiconnect.noMediaData': '{filename} no tiene ni data ni url',
  'ankiconnect.badBase64': 'Los datos de {filename} no están en base64',
  'ankiconnect.nestedMulti': 'multi no puede ejecutar otro multi',
  'ankiconnect.invalidJson': 'La solicitud no es JSON válido',
  'ankiconnect.mediaTooLarge': '{filename} ocupa más de {mb} MB: Lectio guarda medios minados hasta ese tamaño',
  'ankiconnect.mediaPerDay': 'Lectio ya ha guardado hoy {mb} MB de medios minados, lo que permite un día; {filename} no se ha guardado',
  'ankiconnect.bodyTooLarge': 'La solicitud ocupa más de {mb} MB (envía archivos multimedia más pequeños)',
  'ankiconnect.portMultiUser': 'El puerto de AnkiConnect solo se abre en modo de un solo usuario; con cuentas, pega la dirección de Lectio con /ankiconnect',
  'ankiconnect.unavailable': 'Lectio no ha podido responder a esta llamada; inténtalo de nuevo',
  'ankiconnect.otherDeck': '«{term}» no puede pasar a {deck}: en Lectio un mazo es un idioma, y cada término se queda en el suyo',
};
