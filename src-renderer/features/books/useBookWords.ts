// Runs in: renderer. The book page's unknown words: adding them as status-1 terms (after asking: a click on a
// chip must not create a term by surprise) and the "?" look-up — the local dictionaries first, else a link to
// the language's web dictionary (issue 32).
import { useState } from 'react';
import type { BookDto } from '../../../src-shared/contract/books';
import { dictionaryUrl, siteName } from '../../../src-shared/dictionaries/web-url';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';

export interface WordLookup {
  word: string;
  /** Null while the local dictionaries are asked. */
  definitions: string[] | null;
  /** The language's first web dictionary for the word, when it has one. */
  web: { url: string; site: string } | null;
}

const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

export function useBookWords(book: BookDto, onAdded: (added: string[]) => void) {
  const [lookup, setLookup] = useState<WordLookup | null>(null);
  const language = useApp((s) => s.languages.find((l) => l.LgID === book.BkLgID));

  async function add(list: string[]) {
    const ok = await confirmDialog(
      list.length === 1
        ? { title: t('bookWords.addAskTitle', { word: list[0] }), message: t('bookWords.addAskMessage'), confirmLabel: t('bookWords.add') }
        : { title: t('bookWords.addAllAskTitle', { count: list.length }), message: t('bookWords.addAllAskMessage'), confirmLabel: t('bookWords.add') },
    );
    if (!ok) return;
    const r = await attempt(() => api.call('books.addTerms', { id: book.BkID, words: list }));
    if (!r) return;
    toast('success', r.created === 1 ? t('book.addedOne', { word: list[0] }) : t('book.addedMany', { count: r.created }));
    onAdded(list);
  }

  async function look(word: string) {
    if (lookup?.word === word) return setLookup(null);
    const template = language?.LgDict1URI || language?.LgDict2URI || '';
    const web = template ? { url: dictionaryUrl(template, word), site: siteName(template) } : null;
    setLookup({ word, definitions: null, web });
    const r = await attempt(() => api.call('dictionaries.lookup', { language_id: book.BkLgID, term: word }));
    const definitions = r ? [...r.entries, ...r.lemma_entries].slice(0, 3).map((e) => plain(e.LeDefinition).slice(0, 200)) : [];
    // A later look-up (another word) wins over this answer.
    setLookup((l) => (l?.word === word ? { word, definitions, web } : l));
  }

  return { lookup, add, look, close: () => setLookup(null) };
}
