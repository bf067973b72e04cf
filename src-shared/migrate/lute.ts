// Runs in: any process (pure; the migrate worker feeds it rows read from a Lute v3 database). Lute rows →
// ImportPlan. Word parents become lemmas (the child's WoLemma is its parent's text, so Lectio's word
// families group them); statuses 98/99 and 1-5 are kept (Lute's 0 "unknown" becomes 1); tags; books keep
// their pages as texts titled "Book (n/N)", which the import then gathers into a Lectio book (one chapter per page).
import { bool, dictionaryUrl, lines, num, pcreClassToJs, sourceDate, splitLongText, str, VALID_STATUSES, type ImportPlan, type PlanLanguage } from './plan';
import { TEXT_MAX_CHARS } from '../contract/texts';
import { AppError } from '../contract/errors';
import { msg } from '../contract/messages';

export type Row = Record<string, unknown>;

/** The Lute tables read, each with the columns that must exist. */
export const LUTE_TABLES: Record<string, string[]> = {
  languages: [
    'LgID',
    'LgName',
    'LgCharacterSubstitutions',
    'LgRegexpSplitSentences',
    'LgExceptionsSplitSentences',
    'LgRegexpWordCharacters',
    'LgRightToLeft',
    'LgParserType',
  ],
  words: ['WoID', 'WoLgID', 'WoText', 'WoStatus', 'WoTranslation', 'WoRomanization'],
  wordparents: ['WpWoID', 'WpParentWoID'],
  tags: ['TgID', 'TgText'],
  wordtags: ['WtWoID', 'WtTgID'],
  books: ['BkID', 'BkLgID', 'BkTitle', 'BkSourceURI', 'BkArchived', 'BkCurrentTxID'],
  texts: ['TxID', 'TxBkID', 'TxOrder', 'TxText'],
  tags2: ['T2ID', 'T2Text'],
  booktags: ['BtBkID', 'BtT2ID'],
};
/** Optional tables and columns (later Lute versions). */
export const LUTE_OPTIONAL_TABLES = ['languagedicts'];

/** Lute's own triggers (lute/db/schema/baseline.sql); any other trigger refuses the file. */
export const LUTE_TRIGGERS = new Set([
  'trig_wordparents_after_insert_update_parent_WoStatus_if_following',
  'trig_words_after_update_WoStatus_if_following_parent',
  'trig_words_update_WoStatusChanged',
  'trig_words_update_WoCreated_if_no_longer_unknown',
  'trig_word_after_delete_change_WoSyncStatus_for_orphans',
]);

export interface LuteRows {
  languages: Row[];
  languagedicts: Row[];
  words: Row[];
  wordparents: Row[];
  tags: Row[];
  wordtags: Row[];
  books: Row[];
  texts: Row[];
  tags2: Row[];
  booktags: Row[];
}

const PARSERS: Record<string, PlanLanguage['LgParserType']> = {
  spacedel: 'regex',
  turkish: 'regex',
  classicalchinese: 'character',
  lute_mandarin: 'character',
  mandarin: 'character',
  japanese: 'morphological',
};

/** Lute writes multi-word terms with zero-width spaces between the tokens. */
const cleanTerm = (s: unknown) =>
  str(s, 1000)
    .replace(/\u200b/g, '')
    .trim();

function tagNames(tags: Row[], idCol: string, textCol: string, map: Row[], ownerCol: string, tagCol: string): Map<number, string[]> {
  const names = new Map(
    tags.map((t) => [
      num(t[idCol]),
      str(t[textCol])
        .trim()
        .replace(/[\s,]+/g, '_')
        .slice(0, 20),
    ]),
  );
  const out = new Map<number, string[]>();
  for (const m of map) {
    const name = names.get(num(m[tagCol]));
    if (!name) continue;
    const list = out.get(num(m[ownerCol])) ?? [];
    if (!list.includes(name)) list.push(name);
    out.set(num(m[ownerCol]), list);
  }
  return out;
}

export function mapLute(rows: LuteRows): ImportPlan {
  const plan: ImportPlan = { source: 'lute', languages: [], terms: [], texts: [], feeds: [], notes: [] };
  const dicts = new Map<number, Row[]>();
  for (const d of [...rows.languagedicts].sort((a, b) => num(a.LdSortOrder) - num(b.LdSortOrder))) {
    if (d.LdIsActive !== undefined && !bool(d.LdIsActive)) continue;
    const list = dicts.get(num(d.LdLgID)) ?? [];
    list.push(d);
    dicts.set(num(d.LdLgID), list);
  }
  const known = new Set<number>();
  for (const r of rows.languages) {
    const id = num(r.LgID);
    const ds = dicts.get(id) ?? [];
    const termDicts = ds
      .filter((d) => str(d.LdUseFor) === 'terms')
      .map((d) => dictionaryUrl(d.LdDictURI, /\[LUTE\]/g))
      .filter(Boolean);
    const sentenceDicts = ds
      .filter((d) => str(d.LdUseFor) === 'sentences')
      .map((d) => dictionaryUrl(d.LdDictURI, /\[LUTE\]/g))
      .filter(Boolean);
    const parser = PARSERS[str(r.LgParserType).toLowerCase()] ?? 'regex';
    const name = str(r.LgName).trim().slice(0, 40);
    if (!name) continue;
    known.add(id);
    plan.languages.push({
      sourceId: id,
      LgName: name,
      LgIsoCode: '',
      LgParserType: parser,
      LgRegexpWordCharacters: pcreClassToJs(str(r.LgRegexpWordCharacters, 1000)),
      LgRegexpSplitSentences: str(r.LgRegexpSplitSentences, 200) || '.!?',
      LgExceptionsSplitSentences: str(r.LgExceptionsSplitSentences, 2000),
      LgCharacterSubstitutions: str(r.LgCharacterSubstitutions, 2000),
      LgRemoveSpaces: parser === 'character' || parser === 'morphological',
      LgSplitEachChar: parser === 'character',
      LgRightToLeft: bool(r.LgRightToLeft),
      LgShowRomanization: bool(r.LgShowRomanization),
      LgTextSize: 100,
      LgDict1URI: termDicts[0] ?? '',
      LgDict2URI: termDicts[1] ?? '',
      LgGoogleTranslateURI: sentenceDicts[0] ?? '',
    });
  }

  const words = new Map(rows.words.map((w) => [num(w.WoID), w]));
  const parentOf = new Map<number, number>();
  let multiParent = 0;
  for (const p of rows.wordparents) {
    const child = num(p.WpWoID);
    if (parentOf.has(child)) {
      multiParent++;
      continue;
    }
    parentOf.set(child, num(p.WpParentWoID));
  }
  if (multiParent) plan.notes.push(msg('migrate.noteMultiParent', { count: multiParent }));
  const wordTags = tagNames(rows.tags, 'TgID', 'TgText', rows.wordtags, 'WtWoID', 'WtTgID');
  let orphans = 0;
  for (const w of rows.words) {
    const lang = num(w.WoLgID);
    if (!known.has(lang)) {
      orphans++;
      continue;
    }
    const text = cleanTerm(w.WoText).slice(0, 250);
    if (!text) continue;
    let status = Math.round(num(w.WoStatus, 1));
    if (!VALID_STATUSES.has(status)) status = 1;
    const parent = words.get(parentOf.get(num(w.WoID)) ?? -1);
    const translation = str(w.WoTranslation, 10_000);
    plan.terms.push({
      language: lang,
      WoText: text,
      WoStatus: status,
      WoTranslation: translation === '*' ? '' : lines(translation),
      WoRomanization: str(w.WoRomanization, 1000),
      WoSentence: '',
      WoNotes: lines(str(w.WoNotes, 10_000)),
      WoLemma: parent && num(parent.WoLgID) === lang ? cleanTerm(parent.WoText).slice(0, 250) : '',
      tags: wordTags.get(num(w.WoID)) ?? [],
      WoCreated: sourceDate(w.WoCreated),
      WoStatusChanged: sourceDate(w.WoStatusChanged),
    });
  }
  if (orphans) plan.notes.push(msg('migrate.noteOrphans', { count: orphans }));

  const bookTags = tagNames(rows.tags2, 'T2ID', 'T2Text', rows.booktags, 'BtBkID', 'BtT2ID');
  const pages = new Map<number, Row[]>();
  for (const t of rows.texts) {
    const list = pages.get(num(t.TxBkID)) ?? [];
    list.push(t);
    pages.set(num(t.TxBkID), list);
  }
  // A page over Lectio's text length limit becomes several pages of its book, cut at paragraph breaks as LWT's long
  // texts are (issue 43: it was cut at 5 M characters without a word).
  let split = 0;
  for (const b of rows.books) {
    const lang = num(b.BkLgID);
    if (!known.has(lang)) continue;
    const sorted = (pages.get(num(b.BkID)) ?? []).sort((x, y) => num(x.TxOrder) - num(y.TxOrder));
    const title = str(b.BkTitle, 180).trim() || 'Untitled';
    const list = sorted.flatMap((t) => {
      const parts = splitLongText(lines(str(t.TxText, Number.MAX_SAFE_INTEGER)).replace(/¶/g, '\n'), TEXT_MAX_CHARS);
      if (parts.length > 1) split++;
      // The current page's first part is where the learner goes on.
      return parts.map((text, part) => ({
        text,
        TxStartDate: t.TxStartDate,
        TxReadDate: t.TxReadDate,
        current: part === 0 && num(t.TxID) === num(b.BkCurrentTxID),
      }));
    });
    list.forEach((t, i) => {
      const text = t.text;
      if (!text.trim()) return;
      plan.texts.push({
        language: lang,
        TxTitle: list.length > 1 ? `${title} (${i + 1}/${list.length})` : title,
        TxText: text,
        TxAudioURI: '',
        TxSourceURI: /^https?:\/\//i.test(str(b.BkSourceURI)) ? str(b.BkSourceURI, 1000) : '',
        TxArchived: bool(b.BkArchived),
        tags: bookTags.get(num(b.BkID)) ?? [],
        TxCreated: sourceDate(t.TxStartDate),
        TxFinishedAt: sourceDate(t.TxReadDate),
        book: { key: `lute:${num(b.BkID)}:${title}`, title, page: i + 1, pages: list.length, current: t.current },
      });
    });
  }
  if (split) plan.notes.push(msg('migrate.noteSplitPages', { count: split, max: TEXT_MAX_CHARS }));
  if (plan.languages.length === 0 && plan.terms.length === 0 && plan.texts.length === 0) {
    throw new AppError(400, msg('migrate.luteEmpty'));
  }
  return plan;
}
