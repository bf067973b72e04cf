// Runs in: any process (pure; the migrate worker runs it). LWT backup (MySQL dump text) → ImportPlan.
// Tables read: languages, words, tags, wordtags, texts, archivedtexts, tags2, texttags, archtexttags,
// newsfeeds. Everything else (settings, sentences, textitems, books of the LWT fork) is ignored and named.
import { parseMysqlDump, DumpError, type DumpLimits, type DumpTable, DEFAULT_DUMP_LIMITS, type SqlValue } from './mysql-dump';
import { bool, dictionaryUrl, lines, num, pcreClassToJs, sourceDate, splitLongText, str, VALID_STATUSES, type ImportPlan, type PlanLanguage } from './plan';
import { TEXT_MAX_CHARS } from '../contract/texts';
import { msg } from '../contract/messages';

export const LWT_HEADER = '-- lwt-backup';

const READ = new Set(['languages', 'words', 'tags', 'wordtags', 'texts', 'archivedtexts', 'tags2', 'texttags', 'archtexttags', 'newsfeeds']);
const IGNORED_QUIETLY = new Set([
  'settings',
  'sentences',
  'textitems',
  'textitems2',
  'temptextitems',
  'tempwords',
  'feedlinks',
  'local_dictionaries',
  'local_dictionary_entries',
  'books',
]);

/** The ISO code LWT's translator URL names (sl=fr), if any. */
function isoFromTranslator(url: string): string {
  const m = /[?&#]sl=([a-z]{2,3})(?:[&#]|$)/i.exec(url);
  if (!m) return '';
  const code = m[1].toLowerCase();
  return code === 'iw' ? 'he' : code;
}

function rowsOf(tables: Map<string, DumpTable>, name: string): Record<string, SqlValue>[] {
  return tables.get(name)?.rows ?? [];
}

export function mapLwtLanguage(r: Record<string, SqlValue>): PlanLanguage {
  const translator = str(r.LgGoogleTranslateURI);
  const splitEach = bool(r.LgSplitEachChar);
  const parser = str(r.LgParserType).toLowerCase();
  const size = Math.round(num(r.LgTextSize, 100));
  return {
    sourceId: num(r.LgID),
    LgName: str(r.LgName).trim().slice(0, 40),
    LgIsoCode: isoFromTranslator(translator),
    LgParserType: parser === 'mecab' ? 'morphological' : splitEach ? 'character' : 'regex',
    LgRegexpWordCharacters: pcreClassToJs(str(r.LgRegexpWordCharacters, 1000)),
    LgRegexpSplitSentences: str(r.LgRegexpSplitSentences, 200) || '.!?',
    LgExceptionsSplitSentences: str(r.LgExceptionsSplitSentences, 2000),
    LgCharacterSubstitutions: str(r.LgCharacterSubstitutions, 2000),
    LgRemoveSpaces: bool(r.LgRemoveSpaces),
    LgSplitEachChar: splitEach,
    LgRightToLeft: bool(r.LgRightToLeft),
    LgShowRomanization: r.LgShowRomanization === undefined ? false : bool(r.LgShowRomanization),
    LgTextSize: Math.min(400, Math.max(50, size)),
    LgDict1URI: dictionaryUrl(r.LgDict1URI, /lwt_term/g),
    LgDict2URI: dictionaryUrl(r.LgDict2URI, /lwt_term/g),
    LgGoogleTranslateURI: dictionaryUrl(translator, /lwt_term/g),
  };
}

export function placeholderLanguage(sourceId: number, tool: string): PlanLanguage {
  return {
    sourceId,
    LgName: `${tool} language ${sourceId}`,
    LgIsoCode: '',
    LgParserType: 'regex',
    LgRegexpWordCharacters: '',
    LgRegexpSplitSentences: '.!?',
    LgExceptionsSplitSentences: '',
    LgCharacterSubstitutions: '',
    LgRemoveSpaces: false,
    LgSplitEachChar: false,
    LgRightToLeft: false,
    LgShowRomanization: false,
    LgTextSize: 100,
    LgDict1URI: '',
    LgDict2URI: '',
    LgGoogleTranslateURI: '',
    placeholder: true,
  };
}

/** Tag names by id, and an id → names map for a tag-map table. */
function tagMap(
  tags: Record<string, SqlValue>[],
  idCol: string,
  textCol: string,
  map: Record<string, SqlValue>[],
  ownerCol: string,
  tagCol: string,
): Map<number, string[]> {
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
    const owner = num(m[ownerCol]);
    const list = out.get(owner) ?? [];
    if (!list.includes(name)) list.push(name);
    out.set(owner, list);
  }
  return out;
}

/** The LWT annotated-text and position columns are not carried: Lectio re-parses texts itself. */
export function parseLwtBackup(text: string, limits: DumpLimits = DEFAULT_DUMP_LIMITS): ImportPlan {
  const head = text.replace(/^\ufeff/, '').trimStart();
  const dump = parseMysqlDump(text, limits);
  const present = [...dump.tables.keys()];
  if (!head.startsWith(LWT_HEADER) && !(dump.tables.has('languages') && dump.tables.has('words'))) {
    throw new DumpError(msg('migrate.notLwt'));
  }
  const plan: ImportPlan = { source: 'lwt', languages: [], terms: [], texts: [], feeds: [], notes: [] };
  const langs = new Map<number, PlanLanguage>();
  for (const r of rowsOf(dump.tables, 'languages')) {
    const l = mapLwtLanguage(r);
    if (!l.LgName) throw new DumpError(msg('migrate.languageNoName', { id: String(l.sourceId) }));
    langs.set(l.sourceId, l);
  }
  const missing: number[] = [];
  const languageFor = (id: number): number => {
    if (!langs.has(id)) {
      langs.set(id, placeholderLanguage(id, 'LWT'));
      missing.push(id);
    }
    return id;
  };

  const termTags = tagMap(rowsOf(dump.tables, 'tags'), 'TgID', 'TgText', rowsOf(dump.tables, 'wordtags'), 'WtWoID', 'WtTgID');
  let badStatus = 0;
  for (const r of rowsOf(dump.tables, 'words')) {
    const textValue = str(r.WoText).trim();
    if (!textValue) continue;
    let status = Math.round(num(r.WoStatus, 1));
    if (!VALID_STATUSES.has(status)) {
      badStatus++;
      status = 1;
    }
    const translation = str(r.WoTranslation, 10_000);
    plan.terms.push({
      language: languageFor(num(r.WoLgID)),
      WoText: textValue.slice(0, 250),
      WoStatus: status,
      // LWT stores "*" for "no translation".
      WoTranslation: translation === '*' ? '' : lines(translation),
      WoRomanization: str(r.WoRomanization, 1000),
      WoSentence: lines(str(r.WoSentence, 5000)),
      WoNotes: lines(str(r.WoNotes, 10_000)),
      WoLemma: str(r.WoLemma, 250).trim(),
      tags: termTags.get(num(r.WoID)) ?? [],
      WoCreated: sourceDate(r.WoCreated),
      WoStatusChanged: sourceDate(r.WoStatusChanged),
    });
  }
  if (badStatus) plan.notes.push(msg('migrate.noteBadStatus', { count: badStatus }));

  const textTags = tagMap(rowsOf(dump.tables, 'tags2'), 'T2ID', 'T2Text', rowsOf(dump.tables, 'texttags'), 'TtTxID', 'TtT2ID');
  const archTags = tagMap(rowsOf(dump.tables, 'tags2'), 'T2ID', 'T2Text', rowsOf(dump.tables, 'archtexttags'), 'AgAtID', 'AgT2ID');
  // A text over Lectio's length limit is moved in as several texts, as a book is cut into chapters (issue 43).
  let split = 0;
  const pushText = (text: Omit<ImportPlan['texts'][number], 'TxText'>, raw: unknown) => {
    const parts = splitLongText(lines(str(raw, Number.MAX_SAFE_INTEGER)), TEXT_MAX_CHARS);
    if (parts.length > 1) split++;
    parts.forEach((part, i) =>
      plan.texts.push({ ...text, TxText: part, TxTitle: parts.length > 1 ? `${text.TxTitle.slice(0, 190)} (${i + 1}/${parts.length})` : text.TxTitle }),
    );
  };
  for (const r of rowsOf(dump.tables, 'texts')) {
    pushText(
      {
        language: languageFor(num(r.TxLgID)),
        TxTitle: str(r.TxTitle, 200).trim() || 'Untitled',
        TxAudioURI: str(r.TxAudioURI, 2048).trim(),
        TxSourceURI: str(r.TxSourceURI, 1000).trim(),
        TxArchived: false,
        tags: textTags.get(num(r.TxID)) ?? [],
      },
      r.TxText,
    );
  }
  for (const r of rowsOf(dump.tables, 'archivedtexts')) {
    pushText(
      {
        language: languageFor(num(r.AtLgID)),
        TxTitle: str(r.AtTitle, 200).trim() || 'Untitled',
        TxAudioURI: str(r.AtAudioURI, 2048).trim(),
        TxSourceURI: str(r.AtSourceURI, 1000).trim(),
        TxArchived: true,
        tags: archTags.get(num(r.AtID)) ?? [],
      },
      r.AtText,
    );
  }
  if (split) plan.notes.push(msg('migrate.noteSplitTexts', { count: split, max: TEXT_MAX_CHARS }));
  for (const r of rowsOf(dump.tables, 'newsfeeds')) {
    const uri = str(r.NfSourceURI, 1000).trim();
    if (!/^https?:\/\//i.test(uri)) {
      plan.notes.push(msg('migrate.noteFeedNoUrl', { name: str(r.NfName, 40) }));
      continue;
    }
    plan.feeds.push({
      // No placeholder language for a feed (issue 32: "LWT language 9…14" held nothing but a feed each): a feed
      // whose language the backup lacks is offered in the preview, to skip (default) or give one of the learner's.
      language: num(r.NfLgID),
      NfName: str(r.NfName, 200).trim() || uri,
      NfSourceURI: uri,
      NfArticleSectionTags: str(r.NfArticleSectionTags, 5000),
      NfFilterTags: str(r.NfFilterTags, 5000),
      NfOptions: str(r.NfOptions, 1000),
    });
  }
  plan.languages = [...langs.values()];
  if (missing.length) {
    const names = missing.map((id) => `"LWT language ${id}"`).join(', ');
    plan.notes.push(
      missing.length === 1 ? msg('migrate.noteMissingLanguage', { names }) : msg('migrate.noteMissingLanguages', { count: missing.length, names }),
    );
  }
  const skipped = present.filter((t) => !READ.has(t) && !IGNORED_QUIETLY.has(t) && (dump.tables.get(t)?.rows.length ?? 0) > 0);
  if (skipped.length) plan.notes.push(msg('migrate.noteSkippedTables', { tables: skipped.join(', ') }));
  if (plan.languages.length === 0 && plan.terms.length === 0 && plan.texts.length === 0) {
    throw new DumpError(msg('migrate.lwtEmpty'));
  }
  return plan;
}
