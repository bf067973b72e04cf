// Runs in: renderer. Spanish: server messages about pairing a browser extension and annotating web pages.
import type { extensionMessages } from '../../../../src-shared/contract/messages/extension';
import type { ServerTranslation } from './types';

export const extension: ServerTranslation<typeof extensionMessages> = {
  'pairing.notExtension': 'Las solicitudes de vinculación solo pueden venir de extensiones del navegador ({origin} no lo es)',
  'pairing.tooMany': 'Hay demasiadas solicitudes de vinculación pendientes; respóndelas en Lectio o inténtalo dentro de unos minutos',
  'pairing.notFound': 'La solicitud de vinculación no existe o ha caducado',
  'pairing.answered': 'Esta solicitud de vinculación ya se ha respondido',
  'pairing.notByToken': 'Una aplicación vinculada no puede responder solicitudes de vinculación; responde en Lectio',
  'annotate.blockTooLong': 'El bloque {id} tiene {length} caracteres; como máximo {max} por bloque (envía los bloques largos por partes)',
  'annotate.totalTooLong': 'Los bloques suman {length} caracteres; como máximo {max} por solicitud (envía la página por partes)',
  'annotate.tooManyBlocks': '{count} bloques; como máximo {max} por solicitud (envía la página por partes)',
};
