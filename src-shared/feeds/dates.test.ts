import { describe, expect, it } from 'vitest';
import { parseFeedDate } from './dates';

const at = (iso: string) => Date.parse(iso);

describe('parseFeedDate', () => {
  it.each([
    // RFC 822 as the spec writes it.
    ['Wed, 31 Jan 2018 20:15:15 GMT', '2018-01-31T20:15:15Z'],
    ['Wed, 31 Jan 2018 20:15:15 +0100', '2018-01-31T19:15:15Z'],
    ['31 Jan 18 20:15 EST', '2018-02-01T01:15:00Z'],
    // Portuguese day and month names (Brazilian and Portuguese news sites).
    ['Qua, 20 Nov 2026 08:30:00 -0300', '2026-11-20T11:30:00Z'],
    ['Sáb, 01 Fev 2025 10:00:00 GMT', '2025-02-01T10:00:00Z'],
    ['seg, 05 ago 2024 07:05:09 -0300', '2024-08-05T10:05:09Z'],
    ['Ter, 10 Dez 2024 23:59:59 +0000', '2024-12-10T23:59:59Z'],
    ['Sexta-feira, 5 de Abril de 2024 10:00 BRT', '2024-04-05T13:00:00Z'],
    // Other languages feeds use.
    ['mié, 18 dic 2024 12:00:00 +0100', '2024-12-18T11:00:00Z'],
    ['jeu., 19 déc. 2024 09:00:00 +0100', '2024-12-19T08:00:00Z'],
    ['Di, 03 Mär 2026 06:00:00 +0100', '2026-03-03T05:00:00Z'],
    // ISO 8601 without a zone: read as UTC; with a zone as written.
    ['2026-11-20T08:30:00', '2026-11-20T08:30:00Z'],
    ['2026-11-20 08:30', '2026-11-20T08:30:00Z'],
    ['2026-11-20', '2026-11-20T00:00:00Z'],
    ['2026-11-20T08:30:00.250', '2026-11-20T08:30:00.250Z'],
    ['2026-11-20T08:30:00+02:00', '2026-11-20T06:30:00Z'],
    ['2026-11-20T08:30:00Z', '2026-11-20T08:30:00Z'],
  ])('%s', (raw, iso) => {
    expect(parseFeedDate(raw)).toBe(at(iso));
  });

  it('gives null for what is not a date', () => {
    for (const raw of ['', '   ', 'yesterday-ish', 'Qua, 20 Xyz 2026 08:30:00 GMT', '2026-13-01', '2026-11-20T08:30:00 Mars/Olympus'])
      expect(parseFeedDate(raw), raw).toBeNull();
  });
});
