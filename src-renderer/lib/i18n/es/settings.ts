// Runs in: renderer. Spanish: the Settings screen.
import type { settings as en } from '../en/settings';
import type { Translation } from '../types';

export const settings: Translation<typeof en> = {
  'settings.title': 'Ajustes',
  'settings.appearance': 'Apariencia',
  'settings.theme': 'Tema',
  'settings.themeSystem': 'El del sistema',
  'settings.themeLight': 'Claro',
  'settings.themeDark': 'Oscuro',
  'settings.uiLanguage': 'Idioma de la interfaz',
  'settings.uiLanguageSystem': 'El del sistema ({language})',
  'settings.uiLanguageHint': 'El idioma de los menús, botones y mensajes de Lectio.',
  'settings.reading': 'Lectura',
  'settings.readingWidth': 'Ancho de la zona de lectura',
  'settings.readingWidthValue': 'Ancho de la zona de lectura: {value} %',
  'settings.readingWidthHint': 'Del 40 al 100 % de la ventana.',
  'settings.fontSize': 'Tamaño de letra del lector',
  'settings.fontSizeValue': 'Tamaño de letra del lector: {value} %',
  'settings.hints': 'Mostrar traducciones al pasar el ratón sobre una palabra',
  'settings.familyKnown': 'Subrayar las palabras desconocidas cuya familia ya conoces',
  'settings.familyKnownHint': 'Una palabra que no has guardado y cuyo lema es un término que conoces (estado 5 o muy conocido) se subraya con puntos verdes',
  'settings.timeZone': 'Zona horaria',
  'settings.dayStart': 'Tus días empiezan a medianoche en',
  'settings.dayStartHint': 'Se usa para la actividad diaria y las rachas.',
  'settings.zoneSystem': 'Sistema ({zone})',
  'settings.yourData': 'Tus datos',
  'settings.yourDataHint': 'Haz una copia de seguridad, restáurala o vacía la biblioteca; trae tus datos de LWT o Lute.',
  'settings.backupLink': 'Copia de seguridad y restauración',
  'settings.moveInLink': 'Traer datos de LWT o Lute',
  'settings.connectedApps': 'Aplicaciones conectadas',
  'settings.connectedAppsHint': 'Extensiones del navegador y scripts que pueden usar este Lectio, cada uno con su propio token revocable.',
  'settings.connectedAppsLink': 'Gestionar aplicaciones conectadas y tokens de la API',
  'settings.videoTranscripts': 'Transcripciones de vídeos',
  'settings.youtubeApiKey': 'Clave de la API de datos de YouTube (opcional)',
  'settings.youtubeApiKeyHint':
    'No hace falta: Lectio lee los subtítulos que un vídeo publica en su página pública. Con una clave propia, el título, el canal y la descripción del vídeo vienen de la API oficial de YouTube.',
};
