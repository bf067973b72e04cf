// The extension's words and its refusals said from their codes in the learner's language (issue 45): its own
// catalogue (src-extension/i18n/), no words imported from the app.
import { describe, expect, it } from 'vitest';
import { locale, t } from '../../src-extension/i18n';
import { refusalText } from '../../src-extension/i18n/server';

describe('the extension’s words', () => {
  it('speaks Spanish when the browser does, English otherwise', () => {
    expect(locale('es-MX')).toBe('es');
    expect(locale('de-DE')).toBe('en');
    expect(t('ext.saveFailed', { reason: 'x' }, 'es')).toBe('No se guardó: x');
    expect(t('ext.unreachable', { server: 'http://h' }, 'en')).toBe('Lectio is not reachable at http://h. Is it running?');
  });

  it('says a coded refusal in Spanish from its code and params, numbers as Spanish writes them', () => {
    const body = {
      error: 'Block b1 has 25000 characters; at most 20000 per block (send long blocks in parts)',
      code: 'annotate.blockTooLong',
      params: { id: 'b1', length: 25000, max: 20000 },
    };
    expect(refusalText(413, body, 'es')).toBe('El bloque b1 tiene 25.000 caracteres; como máximo 20.000 por bloque (envía los bloques largos por partes)');
    // English keeps the server's own text, as the app does.
    expect(refusalText(413, body, 'en')).toBe(body.error);
    expect(refusalText(413, { code: 'annotate.tooManyBlocks', params: { count: 2500, max: 2000 } }, 'en')).toBe(
      '2,500 blocks; at most 2,000 per request (send the page in parts)',
    );
    expect(refusalText(429, { error: 'Too many requests; try again later', code: 'request.tooManyRequests' }, 'es')).toBe(
      'Demasiadas solicitudes; inténtalo más tarde',
    );
    expect(refusalText(403, { error: 'x', code: 'request.tokenScope', params: { scope: 'terms:write' } }, 'es')).toBe(
      'Este token no puede hacer esto: necesita el permiso «terms:write»',
    );
  });

  it('keeps the server’s text for a code it has no Spanish for, and says validation issues and bare statuses itself', () => {
    expect(refusalText(400, { error: 'The term "x" cannot be shown', code: 'apkg.noTerms', params: { language: 'German' } }, 'es')).toBe(
      'The term "x" cannot be shown',
    );
    expect(refusalText(400, { error: 'Invalid input', issues: [{ field: 'WoText', message: 'WoText is required' }] }, 'es')).toBe(
      'Lectio rechazó lo enviado: WoText: WoText is required',
    );
    expect(refusalText(502, {}, 'es')).toBe('Lectio respondió HTTP 502');
    expect(refusalText(500, { error: 'Internal error' }, 'es')).toBe('Internal error');
  });
});
