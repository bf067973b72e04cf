import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, plainValidation } from './field-labels';
import { textsContract } from './texts';

describe('validation errors in plain words', () => {
  it('names fields as the forms do', () => {
    expect(fieldLabel('TxTitle')).toBe('Title');
    expect(fieldLabel('TxAudioURI')).toBe('Audio');
    expect(fieldLabel('LgShowRomanization')).toBe('Show romanization');
    expect(fieldLabel('note_type_id')).toBe('Note type id');
  });
  it('"Title is required", with the field name kept in `fields`', () => {
    const schema = z.object({ TxTitle: z.string().trim().min(1, 'TxTitle is required'), TxLgID: z.number(), LgName: z.string().max(3) });
    const r = schema.safeParse({ TxTitle: ' ', LgName: 'abcdef' });
    expect(r.success).toBe(false);
    const { message, fields } = plainValidation(r.error!);
    expect(message).toBe('Title is required; Language is required; Name is at most 3 characters');
    expect(message).not.toMatch(/Tx|Lg/);
    expect(fields).toEqual({ TxTitle: 'Title is required', TxLgID: 'Language is required', LgName: 'Name is at most 3 characters' });
  });
  it('works on the real texts contract', () => {
    const create = (textsContract as Record<string, { input: z.ZodType }>)['texts.create'];
    if (!create) return;
    const r = create.input.safeParse({ TxLgID: 1, TxTitle: '', TxText: 'x' });
    expect(r.success).toBe(false);
    expect(plainValidation(r.error!).fields.TxTitle).toBe('Title is required');
  });
});
