import { describe, expect, it } from 'vitest';
import { AC_ERRORS, addNotesError, isAnkiConnectAction, parseEnvelope, replyError, replyResult } from './protocol';

describe('AnkiConnect envelope', () => {
  it('reads action, version, params and key; version defaults to 4 as in AnkiConnect', () => {
    expect(parseEnvelope({ action: 'version', version: 6 })).toEqual({ ok: true, request: { action: 'version', version: 6, params: {}, key: undefined } });
    expect(parseEnvelope({ action: 'deckNames', key: 'k', params: { a: 1 } })).toEqual({
      ok: true,
      request: { action: 'deckNames', version: 4, params: { a: 1 }, key: 'k' },
    });
  });

  it('refuses what is not an envelope', () => {
    expect(parseEnvelope([1])).toEqual({ ok: false, error: 'request must be a JSON object' });
    expect(parseEnvelope({ version: 6 })).toEqual({ ok: false, error: 'action is required' });
    expect(parseEnvelope({ action: 'x', version: 'six' })).toEqual({ ok: false, error: 'version must be a whole number' });
    expect(parseEnvelope({ action: 'x', params: [1] })).toEqual({ ok: false, error: 'params must be an object' });
  });

  it('answers bare results up to version 4 and {result, error} from 5; errors always wrapped', () => {
    expect(replyResult(4, 6)).toBe(6);
    expect(replyResult(5, [1])).toEqual({ result: [1], error: null });
    expect(replyResult(6, null)).toEqual({ result: null, error: null });
    expect(replyError(AC_ERRORS.unsupportedAction)).toEqual({ result: null, error: 'unsupported action' });
  });

  it('names the actions it answers and each failed note of addNotes', () => {
    expect(isAnkiConnectAction('canAddNotesWithErrorDetail')).toBe(true);
    expect(isAnkiConnectAction('createDeck')).toBe(false);
    expect(addNotesError([{ index: 2, error: "it's bad" }])).toBe("['note 3: it\\'s bad']");
  });
});
