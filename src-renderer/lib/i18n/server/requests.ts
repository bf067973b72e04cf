// Runs in: renderer. Spanish: server messages about request limits, uploads and downloads from the web.
import type { requestMessages } from '../../../../src-shared/contract/messages/requests';
import type { ServerTranslation } from './types';

export const requests: ServerTranslation<typeof requestMessages> = {
  'request.bodyTooLarge': 'La solicitud es demasiado grande (límite {limit})',
  'request.fileTooLarge': 'El archivo subido es demasiado grande (límite {limit})',
  'request.bodiesInFlight': 'El servidor está leyendo otras solicitudes grandes tuyas: vuelve a intentarlo en un momento',
  'request.earlyFileTooLarge': 'El archivo es demasiado grande (límite {mb} MB)',
  'request.tooManyFiles': 'Demasiados archivos (límite {limit})',
  'request.uploadInterrupted': 'La subida se interrumpió: {why}',
  'request.chosenFileGone': 'El archivo elegido ya no está disponible: vuelve a elegirlo',
  'request.chosenFileUnreadable': 'El archivo elegido ya no se puede leer: {name}',
  'request.tooComplex': 'Este archivo es demasiado complejo para importarlo con seguridad',
  'net.badUrl': 'No es una URL válida: {url}',
  'net.badScheme': 'Solo se pueden descargar URL http y https, no {scheme}',
  'net.credentials': 'Se rechazan las URL con nombre de usuario o contraseña',
  'net.noHost': 'La URL no tiene servidor',
  'net.blockedAddress': 'Conexión rechazada a una dirección privada, local o reservada ({host})',
  'net.blockedName': 'Conexión rechazada a {name}: apunta a una dirección privada, local o reservada ({address})',
  'net.tooLarge': 'La descarga pasa de {mb} MB',
  'net.badEncoding': '{host} respondió con una codificación no admitida ({encoding})',
  'net.damagedBody': '{host} envió un contenido {encoding} dañado',
  'net.timeout': '{host} no dio una respuesta completa en {seconds} s',
  'net.unreachable': 'No se pudo conectar con {host}',
  'net.offline': 'Parece que no hay conexión: no se pudo llegar a {host}',
  'net.refused': '{host} rechazó la conexión',
  'net.reset': 'La conexión con {host} se cortó',
  'net.tls': 'No se pudo verificar la conexión segura con {host}',
  'net.redirects': 'Más de {max} redirecciones',
  'net.httpStatus': '{host} respondió HTTP {status}',
};
