// Runs in: any process. Czech words as the Czech treebanks lemmatize them: a short passive participle under the long
// one, comparatives and superlatives under their positive (lepší, nejlepší → dobrý; rychlejší → rychlý; účinněji →
// účinně): dictionary-cs lists a comparative as a
// headword of its own, so the analyser and the tables answered it. Irregular comparatives from grammar references;
// více, méně, výše and níže are left alone (the treebanks keep více and méně; výše and níže are also nouns' forms).

/** Comparative → positive where the stem changes (the regular -ější/-ejší/-ší ones are read from the dictionary). */
const IRREGULAR: Readonly<Record<string, string>> = {
  lepší: 'dobrý',
  horší: 'špatný',
  větší: 'velký',
  menší: 'malý',
  vyšší: 'vysoký',
  nižší: 'nízký',
  delší: 'dlouhý',
  kratší: 'krátký',
  hlubší: 'hluboký',
  širší: 'široký',
  užší: 'úzký',
  bližší: 'blízký',
  vzdálenější: 'vzdálený',
  dražší: 'drahý',
  lehčí: 'lehký',
  těžší: 'těžký',
  měkčí: 'měkký',
  tišší: 'tichý',
  sušší: 'suchý',
  hustší: 'hustý',
  tenčí: 'tenký',
  sladší: 'sladký',
  snazší: 'snadný',
  lépe: 'dobře',
  hůře: 'špatně',
  hůř: 'špatně',
  častěji: 'často',
  déle: 'dlouho',
  dále: 'daleko',
};

/**
 * The positive of a Czech comparative or superlative lemma (adjective or adverb), or the lemma itself. `isHeadword`
 * says whether a word is a dictionary headword (the analyser reads it as its own lemma): rychlejší → rychlý only
 * when rychlý is one, efektivnější → efektivní likewise.
 */
export function czechPositive(lemma: string, isHeadword: (word: string) => boolean): string {
  const low = lemma.toLowerCase();
  const word = low.startsWith('nej') && low.length > 6 ? low.slice(3) : low;
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  // Adverbs of an adjective the dictionary has: účinněji → účinně (účinný), rychleji → rychle (rychlý).
  const adverb = /^(.{2,})(ě|e)ji$/.exec(word);
  if (adverb && (isHeadword(`${adverb[1]}ý`) || isHeadword(`${adverb[1]}í`))) return `${adverb[1]}${adverb[2]}`;
  // -ější/-ejší of a hard or soft adjective (rychlejší → rychlý, efektivnější → efektivní); -ší of a hard one only
  // (hrubší → hrubý: další is no comparative of "dalí").
  const regular = /^(.{2,}?)(ější|ejší|ší)$/.exec(word);
  if (regular) for (const ending of regular[2] === 'ší' ? ['ý'] : ['ý', 'í']) if (isHeadword(regular[1] + ending)) return regular[1] + ending;
  return lemma;
}

/** A short passive participle → the long one, its lemma in the treebanks: věnována → věnovaný, splněn → splněný (the á of -án short). */
export function czechLongParticiple(form: string): string {
  const short = /[aoiyu]$/.test(form) ? form.slice(0, -1) : form;
  return (short.endsWith('án') ? `${short.slice(0, -2)}an` : short) + 'ý';
}
