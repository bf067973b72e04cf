import { describe, expect, it } from 'vitest';
import { FIELD_LABELS } from '../../../../src-shared/contract/field-labels';
import { MESSAGES, msg } from '../../../../src-shared/contract/messages';
import { ApiError } from '../../../api/client';
import { applyUiLanguage } from '../index';
import type { Entry } from '../types';
import { localizedCode, localizedError, serverMessage } from './index';
import { accounts } from './accounts';
import { ankiSync } from './anki-sync';
import { ankiconnect } from './ankiconnect';
import { extension } from './extension';
import { imports } from './imports';
import { library } from './library';
import { requests } from './requests';
import { translation } from './translation';
import { FIELD_LABELS_ES } from './validation';

const spanish: Record<string, Entry> = { ...accounts, ...ankiSync, ...ankiconnect, ...extension, ...imports, ...library, ...requests, ...translation };
const texts = (e: Entry): string[] => (typeof e === 'string' ? [e] : Object.values(e).filter((v): v is string => typeof v === 'string'));
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('the Spanish server messages', () => {
  it('say every code, with the same placeholders as the English template', () => {
    for (const [code, english] of Object.entries(MESSAGES)) {
      const entry = spanish[code];
      expect(entry, code).toBeDefined();
      for (const text of texts(entry)) {
        expect(text.trim(), code).not.toBe('');
        expect(placeholders(text), code).toEqual(placeholders(english));
      }
    }
    expect(Object.keys(spanish).filter((k) => !(k in MESSAGES))).toEqual([]);
  });

  it('label every field the forms label', () => {
    expect(Object.keys(FIELD_LABELS_ES).sort()).toEqual(Object.keys(FIELD_LABELS).sort());
  });

  it('fill params, translate nested reasons and pick plural forms', () => {
    expect(serverMessage(msg('restore.refused', { why: msg('restore.noManifest') }), 'es')).toBe(
      'Restauración rechazada, no se ha cambiado nada: el archivo no es una copia de Lectio (no tiene manifest.json).',
    );
    expect(serverMessage(msg('listening.noSubtitlesSkipped', { name: 'a.srt', count: 1 }), 'es')).toMatch(/\(1 subtítulo dañado omitido\)$/);
    expect(serverMessage(msg('import.tooManyRows', { max: 100000 }), 'es')).toBe('Se pueden importar como máximo 100.000 filas a la vez; divide el archivo');
    const lines = [
      msg('import.lineProblem', { line: '2', why: msg('import.termColumnEmpty') }),
      msg('import.lineProblem', { line: '5', why: msg('import.cellTooLong', { role: msg('import.role.translation'), max: '10000' }) }),
    ];
    expect(serverMessage(msg('import.rowsNeedFixing', { count: 2, lines }), 'es')).toBe(
      'No se ha importado nada. Hay que corregir 2 filas: línea 2: la columna del término está vacía; línea 5: la traducción tiene más de 10000 caracteres',
    );
  });
});

describe('an error body in the interface language', () => {
  const body = { error: 'Dictionary not found', code: 'dict.notFound' };

  it('Spanish says the code; English and an unknown code keep the server text', () => {
    expect(localizedError(body, 'es')).toBe('Diccionario no encontrado');
    expect(localizedError(body, 'en')).toBeNull();
    expect(localizedError({ error: 'New thing', code: 'dict.fromTheFuture' }, 'es')).toBeNull();
    expect(localizedCode('feed.pageNoFeed', undefined, 'English', 'es')).toBe('Esta dirección es una página web, no una fuente, y no anuncia ninguna');
    expect(localizedCode('nope', undefined, 'English', 'es')).toBe('English');
  });

  it('validation issues with Spanish labels, agreeing in gender and number', () => {
    const issues = [
      { field: 'TxTitle', code: 'required', params: { label: 'Title', min: 1 }, message: 'Title is required' },
      { field: 'WoTranslation', code: 'required', params: { label: 'Translation' }, message: 'Translation is required' },
      { field: 'TagList', code: 'invalidType', params: { label: 'Tags' }, message: 'Tags: invalid' },
      { field: 'rows.0.LgFoo', code: 'tooLong', params: { label: 'Foo', max: 3 }, message: 'Foo is at most 3 characters' },
      { field: 'TxText', code: 'other', params: { label: 'Text' }, message: 'Text: something custom' },
      { field: 'LdName', code: 'tooLong', params: { label: 'Name', max: 100 }, message: 'Name is at most 100 characters' },
    ];
    expect(localizedError({ error: 'Invalid input: …', issues }, 'es')).toBe(
      'El título es obligatorio; La traducción es obligatoria; Las etiquetas no son válidas; El campo «Foo» admite como máximo 3 caracteres; Text: something custom; El nombre admite como máximo 100 caracteres',
    );
  });

  it('ApiError speaks the interface language of the moment', () => {
    applyUiLanguage('es');
    expect(new ApiError(404, 'Dictionary not found', body).message).toBe('Diccionario no encontrado');
    applyUiLanguage('en');
    expect(new ApiError(404, 'Dictionary not found', body).message).toBe('Dictionary not found');
  });
});
