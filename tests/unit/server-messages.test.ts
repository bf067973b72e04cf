import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../src-shared/contract/errors';
import { plainValidation } from '../../src-shared/contract/field-labels';
import { isMessageCode, MESSAGES, messageText, msg } from '../../src-shared/contract/messages';
import { toErrorResult } from '../../src-main/core/errors';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Parameters<typeof toErrorResult>[1];

describe('the server message catalogue', () => {
  it('has an English template for every code, codes named area.what', () => {
    const codes = Object.keys(MESSAGES);
    expect(codes.length).toBeGreaterThan(200);
    for (const code of codes) {
      expect(code, code).toMatch(/^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+$/);
      expect(MESSAGES[code as keyof typeof MESSAGES].trim(), code).not.toBe('');
    }
    expect(isMessageCode('apkg.notAPackage')).toBe(true);
    expect(isMessageCode('apkg.nothing')).toBe(false);
    expect(isMessageCode('toString')).toBe(false);
  });

  it('fills params, nested messages included; JSON-looking braces stay text', () => {
    expect(messageText(msg('term.exists', { term: 'casa', language: 'Spanish' }))).toBe('The term "casa" already exists in Spanish');
    expect(messageText(msg('restore.refused', { why: msg('restore.noManifest') }))).toBe(
      'Restore refused, nothing was changed: the file is not a Lectio backup (no manifest.json).',
    );
    expect(messageText(msg('dict.jsonNoEntries', { ext: '.json' }))).toBe(
      'This .json has no readable entries: expected [{"term": …, "definition": …}] or {"term": "definition"}',
    );
  });
});

describe('errors carry their code', () => {
  it('AppError keeps the English text and puts code and params in the body', () => {
    const err = badRequest(msg('apkg.notAPackage', { why: 'the file is empty' }), { success: false });
    expect(err.message).toBe('Not an Anki package (.apkg): the file is empty');
    expect(err.code).toBe('apkg.notAPackage');
    expect(toErrorResult(err, silent, 'test')).toEqual({
      status: 400,
      error: 'Not an Anki package (.apkg): the file is empty',
      extra: { success: false, code: 'apkg.notAPackage', params: { why: 'the file is empty' } },
    });
    expect(toErrorResult(notFound(), silent, 'test')).toEqual({ status: 404, error: 'Not found', extra: { code: 'common.notFound' } });
  });

  it('a plain-text AppError (developer-facing) has no code', () => {
    expect(toErrorResult(new AppError(400, 'Invalid JSON body: x'), silent, 'test')).toEqual({ status: 400, error: 'Invalid JSON body: x', extra: {} });
  });

  it('a zod error carries one coded issue per problem', () => {
    const schema = z.object({ TxTitle: z.string().trim().min(1), WoTranslation: z.string().max(5), LgTextSize: z.number().min(50), mode: z.enum(['a', 'b']) });
    const r = schema.safeParse({ TxTitle: '', WoTranslation: 'too long', LgTextSize: 10, mode: 'c' });
    const { issues } = plainValidation(r.error!);
    expect(issues.map((i) => [i.field, i.code, i.params])).toEqual([
      ['TxTitle', 'required', { label: 'Title', min: 1 }],
      ['WoTranslation', 'tooLong', { label: 'Translation', max: 5 }],
      ['LgTextSize', 'tooSmall', { label: 'Text size', min: 50 }],
      ['mode', 'invalidValue', { label: 'Mode', options: 'a, b' }],
    ]);
    expect(issues[0].message).toBe('Title is required');
    const missing = z.object({ TxLgID: z.number() }).safeParse({});
    expect(plainValidation(missing.error!).issues[0]).toMatchObject({ field: 'TxLgID', code: 'required' });
    const result = toErrorResult(r.error!, silent, 'test');
    expect(result.error).toMatch(/^Invalid input: TxTitle/);
    expect((result.extra.issues as unknown[]).length).toBe(4);
  });
});
