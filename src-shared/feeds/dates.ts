// Runs in: any process. Dates as feeds write them, beyond what Date.parse reads the same way everywhere: RFC 822
// with month and day names in the feed's own language (Portuguese "Qua, 20 Nov 2026", Spanish "mié, 20 dic",
// French "20 déc."…), and ISO 8601 without a zone. node_modules has no date library that reads either (issue 32),
// so this is a small parser; anything it does not recognise falls back to Date.parse.

/** Month names and abbreviations (lower case, accents kept and removed) → month index 0-11. */
const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  // en, pt, es, fr, de, it, nl
  ['jan', 'january', 'janeiro', 'ene', 'enero', 'janv', 'janvier', 'januar', 'jän', 'gen', 'gennaio', 'januari'],
  ['feb', 'february', 'fev', 'fevereiro', 'febrero', 'févr', 'fevr', 'février', 'februar', 'febbraio', 'februari'],
  ['mar', 'march', 'março', 'marzo', 'mars', 'märz', 'maart', 'mrt'],
  ['apr', 'april', 'abr', 'abril', 'avr', 'avril', 'aprile'],
  ['may', 'mai', 'maio', 'mayo', 'mag', 'maggio', 'mei'],
  ['jun', 'june', 'junho', 'junio', 'juin', 'juni', 'giu', 'giugno'],
  ['jul', 'july', 'julho', 'julio', 'juil', 'juillet', 'juli', 'lug', 'luglio'],
  ['aug', 'august', 'ago', 'agosto', 'août', 'aout', 'augustus'],
  ['sep', 'sept', 'september', 'set', 'setembro', 'septiembre', 'setiembre', 'septembre', 'settembre'],
  ['oct', 'october', 'out', 'outubro', 'octubre', 'octobre', 'okt', 'oktober', 'ott', 'ottobre'],
  ['nov', 'november', 'novembro', 'noviembre', 'novembre'],
  ['dec', 'december', 'dez', 'dezembro', 'dic', 'diciembre', 'déc', 'décembre', 'dezember', 'dicembre'],
];
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
MONTH_NAMES.forEach((names, i) => names.forEach((n) => ((MONTHS[n] = i), (MONTHS[fold(n)] = i))));

/** Zone names RFC 822 allows, plus a few feeds use; offsets in minutes east of UTC. */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  brt: -180,
  cet: 60,
  cest: 120,
  wet: 0,
  west: 60,
  bst: 60,
};

function zoneOffset(zone: string | undefined): number | null {
  if (!zone) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return ZONES[zone.toLowerCase()] ?? null;
}

function utc(year: number, month: number, day: number, h: number, min: number, s: number, ms: number, offsetMin: number): number | null {
  if (month < 0 || month > 11 || day < 1 || day > 31 || h > 24 || min > 59 || s > 60) return null;
  const t = Date.UTC(year, month, day, h, min, s, ms) - offsetMin * 60_000;
  return Number.isFinite(t) ? t : null;
}

// "2026-11-20T08:30", "2026-11-20 08:30:15.5", "2026-11-20" — with or without a zone.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
// "Qua, 20 Nov 2026 08:30:00 -0300", "20 déc. 2026 08:30 GMT", "Sábado, 5 de Abril de 2026 10:00".
const RFC822 =
  /^(?:[\p{L}.-]+,?\s+)?(\d{1,2})\.?\s+(?:de\s+)?([\p{L}]+)\.?,?\s+(?:de\s+)?(\d{2,4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*([A-Za-z]{1,5}|[+-]\d{2}:?\d{2})?$/u;

/**
 * Milliseconds since the epoch of a date string found in a feed, or null. ISO dates without a zone are read as
 * UTC: a feed that leaves the zone out gives no better hint, and UTC makes the same feed show the same time on
 * every machine (Date.parse would use the reader's own zone).
 */
export function parseFeedDate(raw: string): number | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const iso = ISO.exec(text);
  if (iso) {
    const offset = zoneOffset(iso[8]);
    if (offset === null) return null;
    const ms = iso[7] ? Math.round(Number(`0.${iso[7]}`) * 1000) : 0;
    return utc(+iso[1], +iso[2] - 1, +iso[3], +(iso[4] ?? 0), +(iso[5] ?? 0), +(iso[6] ?? 0), ms, offset);
  }
  const rfc = RFC822.exec(text);
  if (rfc) {
    const month = MONTHS[rfc[2].toLowerCase()] ?? MONTHS[fold(rfc[2])];
    const offset = zoneOffset(rfc[7]);
    if (month !== undefined && offset !== null) {
      let year = +rfc[3];
      if (rfc[3].length === 2) year += year < 50 ? 2000 : 1900;
      return utc(year, month, +rfc[1], +(rfc[4] ?? 0), +(rfc[5] ?? 0), +(rfc[6] ?? 0), 0, offset);
    }
  }
  const parsed = Date.parse(text);
  return Number.isFinite(parsed) ? parsed : null;
}
