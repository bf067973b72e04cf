// Runs in: renderer. Spanish: term tags.
import type { tags as en } from '../en/tags';
import type { Translation } from '../types';

export const tags: Translation<typeof en> = {
  'tags.renameTag': 'Cambiar el nombre de la etiqueta «{tag}»',
  'tags.renameTagMessage': {
    one: '{count} término la lleva; la conserva con el nombre nuevo.',
    other: '{count} términos la llevan; la conservan con el nombre nuevo.',
  },
  'tags.tagTooLong': 'Como máximo {max} caracteres (esta tiene {length})',
  'tags.tagExists': 'Ya existe una etiqueta llamada «{name}»',
  'tags.renamedTo': 'Nuevo nombre: «{name}»',
  'tags.deleteTag': '¿Eliminar la etiqueta «{tag}»?',
  'tags.deleteTagMessage': { one: '{count} término la pierde; los términos se conservan.', other: '{count} términos la pierden; los términos se conservan.' },
  'tags.termTags': 'Etiquetas de términos',
  'tags.noTermTagsYet': 'Aún no hay etiquetas de términos',
  'tags.newName': 'Nombre nuevo',
  'tags.rename': 'Cambiar nombre',
  'tags.tag': 'Etiqueta',
  'tags.comment': 'Comentario',
  'tags.vocabulary': 'Vocabulario',
  'tags.newTag': 'Nueva etiqueta',
  'tags.tagsGroupTermsA':
    'Las etiquetas agrupan términos: un tema, una lección, un nivel. Añádelas en el editor de términos o a muchos términos a la vez desde el vocabulario.',
  'tags.newTermTag': 'Nueva etiqueta de término',
  'tags.name': 'Nombre',
  'tags.createTag': 'Crear etiqueta',
  'tags.enterAName': 'Escribe un nombre',
  'tags.tagNoComma': 'Una etiqueta no puede contener comas',
  'tags.tagLengthHint': '{length} / {max} caracteres; sin comas',
  'tags.atMostCharacters': 'Como máximo {max} caracteres',
};
