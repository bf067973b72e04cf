// Runs in: renderer. Spanish: server messages about sentence translation.
import type { translationMessages } from '../../../../src-shared/contract/messages/translation';
import type { ServerTranslation } from './types';

export const translation: ServerTranslation<typeof translationMessages> = {
  'translation.noProvider':
    'No hay ningún servicio de traducción: añade LibreTranslate, DeepL o un servidor compatible con OpenAI en Ajustes, o usa el enlace Traducir',
  'translation.unreachable': '{provider} no responde en {url}: comprueba que esté en marcha y su dirección en Ajustes',
  'translation.keyRefused': '{provider} rechazó la clave de API: revísala en Ajustes',
  'translation.quota': '{provider} dice que se agotó su cuota: espera o añade otro servicio en Ajustes',
  'translation.timeout': '{provider} no respondió en {seconds} s; vuelve a intentarlo',
  'translation.badAnswer': '{provider} respondió algo que no es una traducción (HTTP {status})',
  'translation.needsUrl': '{provider} necesita su dirección en Ajustes',
  'translation.needsKey': '{provider} necesita una clave de API en Ajustes',
  'translation.needsModel': 'El servicio compatible con OpenAI necesita el nombre de un modelo en Ajustes',
  'translation.blocked': 'La dirección {url} apunta a una dirección privada o local, a la que un servidor compartido no accede por sus usuarios',
};
