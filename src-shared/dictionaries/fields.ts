// Runs in: any process. Common column / field names of glossary files, shared by the CSV and JSON importers.

export type FieldRole = 'term' | 'definition' | 'reading' | 'partOfSpeech' | 'alternates';

const NAMES: Record<FieldRole, string[]> = {
  term: [
    'term',
    'word',
    'headword',
    'head',
    'expression',
    'lemma',
    'entry',
    'key',
    'front',
    'vocab',
    'vocabulary',
    'kanji',
    'hanzi',
    'simplified',
    'text',
    'title',
    'wotext',
  ],
  definition: [
    'definition',
    'definitions',
    'def',
    'defs',
    'meaning',
    'meanings',
    'translation',
    'translations',
    'gloss',
    'glosses',
    'glossary',
    'back',
    'sense',
    'senses',
    'description',
    'explanation',
    'english',
    'value',
    'wotranslation',
  ],
  reading: [
    'reading',
    'readings',
    'pronunciation',
    'romanization',
    'romanisation',
    'transcription',
    'transliteration',
    'kana',
    'pinyin',
    'ipa',
    'phonetic',
    'furigana',
    'woromanization',
  ],
  partOfSpeech: ['pos', 'part_of_speech', 'partofspeech', 'part of speech', 'wordclass', 'word_class', 'word class', 'class', 'type', 'category'],
  alternates: ['alternates', 'alternatives', 'synonyms', 'variants', 'forms', 'alt'],
};

const LOOKUP = new Map<string, FieldRole>();
for (const [role, names] of Object.entries(NAMES) as [FieldRole, string[]][]) for (const n of names) LOOKUP.set(n, role);

/** The role a column or field name plays, or undefined. Case, spaces and dashes do not matter. */
export function fieldRole(name: string): FieldRole | undefined {
  const key = name.trim().toLowerCase().replace(/-/g, '_');
  return LOOKUP.get(key) ?? LOOKUP.get(key.replace(/_/g, ' ')) ?? LOOKUP.get(key.replace(/[_ ]/g, ''));
}
