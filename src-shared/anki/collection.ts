// Runs in: any process. The schema-11 collection a Lectio package carries: table DDL and the col row's JSON
// (conf, models, decks, dconf), shaped like what Anki desktop 2.1.x itself writes (compared against the
// fixture packages' collection.anki21). Pure: the main process fills it into a sql.js database.
import { LECTIO_FIELDS, LECTIO_NOTE_TYPE_ID, LECTIO_NOTE_TYPE_NAME, LECTIO_TOP_DECK, lectioDeckName } from './mapping';

/** rslib/src/storage/schema11.sql, the layout every Anki and AnkiDroid version can open: tables, then indexes. */
export const SCHEMA11_TABLES = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL, ver integer NOT NULL,
  dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL,
  tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL, ivl integer NOT NULL,
  lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
`;
export const SCHEMA11_INDEXES = `
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

export const DEFAULT_DECK_ID = 1;
export const DEFAULT_DECK_CONFIG_ID = 1;
/** Deck ids are only hints: Anki matches decks by name on import and renumbers clashes. */
export const LECTIO_TOP_DECK_ID = LECTIO_NOTE_TYPE_ID + 1;
export const languageDeckId = (languageId: number): number => LECTIO_NOTE_TYPE_ID + 1000 + languageId;

export const CARD_CSS = `.card {
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif;
  font-size: 22px;
  text-align: center;
  color: black;
  background-color: white;
}
.nightMode .card, .card.nightMode { color: #eee; background-color: #222; }
.term { font-size: 1.6em; font-weight: 600; }
.romanization { font-size: 0.9em; opacity: 0.7; margin-top: 0.3em; }
.translation { font-size: 1.2em; }
.notes { font-size: 0.85em; margin-top: 1em; opacity: 0.85; }
.lectio-sentence { font-style: italic; margin-top: 0.6em; }
`;

export const FRONT_TEMPLATE = '<div class="term">{{Term}}</div>\n{{#Romanization}}<div class="romanization">{{Romanization}}</div>{{/Romanization}}';
export const BACK_TEMPLATE =
  '{{FrontSide}}\n\n<hr id=answer>\n\n<div class="translation">{{Translation}}</div>\n{{#Notes}}<div class="notes">{{Notes}}</div>{{/Notes}}';

function deck(id: number, name: string, mod: number) {
  return {
    id,
    mod,
    name,
    usn: 0,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: DEFAULT_DECK_CONFIG_ID,
    extendNew: 0,
    extendRev: 0,
  };
}

function noteType(deckId: number, modSecs: number) {
  return {
    id: LECTIO_NOTE_TYPE_ID,
    name: LECTIO_NOTE_TYPE_NAME,
    type: 0,
    mod: modSecs,
    usn: 0,
    sortf: 0,
    did: deckId,
    tmpls: [{ name: 'Term → Translation', ord: 0, qfmt: FRONT_TEMPLATE, afmt: BACK_TEMPLATE, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 }],
    flds: LECTIO_FIELDS.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] as string[] })),
    css: CARD_CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    // The one card needs the Term field (ord 0) to be non-empty.
    req: [[0, 'any', [0]]],
    tags: [] as string[],
    vers: [] as number[],
  };
}

const deckConfig = (mod: number) => ({
  id: DEFAULT_DECK_CONFIG_ID,
  mod,
  name: 'Default',
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  dyn: false,
});

export interface CollectionRowInput {
  languageId: number;
  languageName: string;
  /** Milliseconds. */
  now: number;
  tags: readonly string[];
  noteCount: number;
}

/** Values for the single col row, JSON columns already serialised. */
export function collectionRow(input: CollectionRowInput) {
  const secs = Math.floor(input.now / 1000);
  const deckId = languageDeckId(input.languageId);
  const conf = {
    activeDecks: [deckId],
    curDeck: deckId,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    curModel: LECTIO_NOTE_TYPE_ID,
    nextPos: input.noteCount + 1,
    sortType: 'noteFld',
    sortBackwards: false,
    addToCur: true,
    schedVer: 2,
    dayLearnFirst: false,
  };
  const decks = {
    [DEFAULT_DECK_ID]: deck(DEFAULT_DECK_ID, 'Default', 0),
    [LECTIO_TOP_DECK_ID]: deck(LECTIO_TOP_DECK_ID, LECTIO_TOP_DECK, secs),
    [deckId]: deck(deckId, lectioDeckName(input.languageName), secs),
  };
  return {
    id: 1,
    // Collection creation: the start of the export's day (seconds), as Anki's day cut-off counts from it.
    crt: Math.floor(secs / 86400) * 86400,
    mod: input.now,
    scm: input.now,
    ver: 11,
    dty: 0,
    usn: 0,
    ls: 0,
    conf: JSON.stringify(conf),
    models: JSON.stringify({ [LECTIO_NOTE_TYPE_ID]: noteType(deckId, secs) }),
    decks: JSON.stringify(decks),
    dconf: JSON.stringify({ [DEFAULT_DECK_CONFIG_ID]: deckConfig(0) }),
    tags: JSON.stringify(Object.fromEntries(input.tags.map((t) => [t, 0]))),
  };
}
