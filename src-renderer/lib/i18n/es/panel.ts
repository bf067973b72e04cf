// Runs in: renderer. Spanish: the word panel's folded fields, the reader's chapter wording and its audio hints (issue 32).
import type { panel as en } from '../en/panel';
import type { Translation } from '../types';

export const panel: Translation<typeof en> = {
  'panel.moreFields': 'Más campos',
  'panel.fewerFields': 'Menos campos',
  'panel.moreFieldsTitle': 'Romanización, lema, notas, etiquetas, oración de ejemplo y las teclas',
  'panel.status99Title': '{name} (W): ya no se colorea ni se repasa',
  'panel.nextChapter': 'Capítulo siguiente →',
  'panel.markAsReadNextChapter': 'Marcar como leído, capítulo siguiente →',
  'panel.backToBook': '← Volver al libro',
  'panel.endOfChapter': 'Fin del capítulo.',
  'panel.noTimings': 'Este audio aún no tiene los tiempos de las oraciones, así que el texto no puede seguirlo.',
  'panel.noTimingsHow': 'Elige {time} y pulsa {key} al comienzo de cada oración mientras suena, o {subtitles} (un texto nuevo con sus tiempos).',
  'panel.importSubtitles': 'importa subtítulos',
  'bookWords.addAskTitle': '¿Añadir «{word}» para aprender?',
  'bookWords.addAskMessage': 'Será un término con estado 1 (Nueva): coloreado en el lector y preguntado en Repaso. Añade su traducción cuando la encuentres.',
  'bookWords.addAllAskTitle': { one: '¿Añadir {count} palabra para aprender?', other: '¿Añadir {count} palabras para aprender?' },
  'bookWords.addAllAskMessage': 'Cada una será un término con estado 1 (Nueva): coloreado en el lector y preguntado en Repaso.',
  'bookWords.add': 'Añadir',
  'bookWords.lookingUp': 'Buscando…',
  'bookWords.openWeb': 'Buscarla en {site} ↗',
  'bookWords.noWebDictionary': 'Este idioma aún no tiene diccionario web (Idiomas → Editar).',
  'bookWords.answerFor': 'Búsqueda de «{word}»',
  'bookWords.close': 'Cerrar la búsqueda',
};
