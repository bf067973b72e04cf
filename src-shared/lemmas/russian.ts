// Runs in: any process. Russian participles under their verb, as the Russian treebanks lemmatize them (назначен,
// назначенный → назначить; созданы → создать; означающее → означать): dictionary-ru lists a participle as an
// adjective headword of its own, so the analyser answered назначенный.

/** The consonant a past passive participle's stem changed from (построенный ← построить, but вынужденный ← вынудить). */
const ALTERNATIONS: readonly (readonly [string, string])[] = [
  ['жд', 'д'],
  ['ж', 'д'],
  ['ж', 'з'],
  ['ч', 'т'],
  ['щ', 'ст'],
  ['ш', 'с'],
];

/** Verb stems a participle's stem may come from: itself, undone alternations, a dropped epenthetic л (купленный). */
function stemsOf(stem: string): string[] {
  const out = [stem];
  for (const [now, was] of ALTERNATIONS) if (stem.endsWith(now)) out.push(stem.slice(0, -now.length) + was);
  if (/[бпвмф]л$/.test(stem)) out.push(stem.slice(0, -1));
  return out;
}

/** [participle ending, verb endings it may come from, stems through alternations?]. */
const PARTICIPLES: readonly (readonly [string, readonly string[], boolean])[] = [
  ['ённый', ['ить', 'еть'], true],
  ['енный', ['ить', 'еть'], true],
  ['анный', ['ать'], false],
  ['янный', ['ять'], false],
  ['ованный', ['овать'], false],
  ['тый', ['ть'], false],
  ['ающий', ['ать'], false],
  ['яющий', ['ять'], false],
  ['ующий', ['овать', 'уть'], false],
  ['вший', ['ть'], false],
];

/** The verb of a participle lemma when the dictionary has it (`isHeadword`), or the lemma itself. */
export function russianParticipleVerb(lemma: string, isHeadword: (word: string) => boolean): string {
  const low = lemma.toLowerCase();
  for (const [ending, verbEndings, alternates] of PARTICIPLES) {
    if (!low.endsWith(ending) || low.length - ending.length < 2) continue;
    const stem = low.slice(0, low.length - ending.length);
    for (const s of alternates ? stemsOf(stem) : [stem]) for (const v of verbEndings) if (isHeadword(s + v)) return s + v;
  }
  return lemma;
}
