// Runs in: renderer. Spanish: sentence translation's settings card.
import type { translation as en } from '../en/translation';
import type { Translation } from '../types';

export const translation: Translation<typeof en> = {
  'translation.title': 'Traducción de oraciones',
  'translation.hint':
    'Pulsa G en el lector (o «Traducir oración» en el panel de la palabra) para ver una oración traducida debajo. Los servicios se consultan en este orden; cada respuesta se guarda en tu biblioteca, así que la segunda vez no hace falta ni servicio ni red.',
  'translation.libretranslate': 'LibreTranslate',
  'translation.deepl': 'DeepL',
  'translation.openai': 'Servidor compatible con OpenAI (Ollama, LM Studio, llama.cpp, …)',
  'translation.moveUp': 'Consultar {name} antes',
  'translation.url': 'Dirección',
  'translation.urlHintLibre': 'Tu servidor LibreTranslate, p. ej. http://localhost:5000',
  'translation.urlHintOpenai': 'La base de la API, p. ej. http://localhost:11434/v1 para Ollama',
  'translation.model': 'Modelo',
  'translation.prompt': 'Instrucción',
  'translation.promptHint': 'Las palabras source, target y text entre llaves se rellenan; si se deja vacía, se usa la instrucción que se muestra',
  'translation.key': 'Clave de API',
  'translation.keySet': 'Hay una clave guardada (nunca se muestra). Escribe otra para sustituirla.',
  'translation.keyNotSet': 'No hay clave guardada',
  'translation.forgetKey': 'Quitar la clave guardada',
  'translation.target': 'Traducir al',
  'translation.targetHint': 'Un código de idioma como en, es, de',
  'translation.save': 'Guardar los servicios de traducción',
  'translation.saved': 'Servicios de traducción guardados',
  'translation.cached': { one: '{count} traducción guardada en la biblioteca.', other: '{count} traducciones guardadas en la biblioteca.' },
  'translation.clear': 'Borrar',
  'translation.clearTitle': '¿Borrar las traducciones guardadas?',
  'translation.clearMessage': {
    one: 'La próxima vez se volverá a pedir al servicio la {count} traducción guardada.',
    other: 'La próxima vez se volverá a pedir a los servicios las {count} traducciones guardadas.',
  },
  'translation.showKept': 'Mostrarlas',
  'translation.search': 'Buscar en las traducciones guardadas',
  'translation.noneKept': 'Ninguna traducción guardada coincide.',
  'translation.forget': 'Olvidar esta traducción',
  'translation.forgetTitle': 'Olvidar esta traducción: la próxima vez se vuelve a preguntar al servicio',
  'translation.previousPage': 'Anterior',
  'translation.nextPage': 'Siguiente',
  'translation.pageOf': 'Página {page} de {pages}',
};
