// Runs in: renderer. The library's state: its filters (language, search, tag, sort, archived, chapters), the
// page, and the lists they load (texts, text tags, books); N and / are its keys.
import { useState } from 'react';
import { TEXT_SORTS } from '../../../src-shared/contract/texts';
import { useCall } from '../../lib/useCall';
import { navigate } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';

export function useLibrary() {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [language, setLanguage] = useState<number | 'all'>(currentLanguageId ?? 'all');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [sort, setSort] = useState<(typeof TEXT_SORTS)[number]>('newest');
  const [archived, setArchived] = useState(false);
  const [chapters, setChapters] = useState<'hide' | 'show' | number>('hide');
  const [page, setPage] = useState(1);
  const { data, reload: load } = useCall(
    'texts.list',
    {
      ...(language === 'all' ? {} : { language }),
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(tag ? { tag } : {}),
      sort,
      archived,
      ...(typeof chapters === 'number' ? { book: chapters } : { chapters }),
      page,
      perPage: 25,
    },
    undefined,
    { debounceMs: 150, toastErrors: true, keepData: true },
  );
  const tags = useCall('textTags.list', {}).data ?? [];
  const books = useCall('books.list', language === 'all' ? {} : { language_id: language }).data ?? [];
  useHotkeys({ n: () => navigate('/texts/new'), '/': () => document.querySelector<HTMLInputElement>('#library-search')?.focus() });

  return {
    data,
    load,
    tags,
    books,
    language,
    setLanguage,
    search,
    setSearch,
    tag,
    setTag,
    sort,
    setSort,
    archived,
    setArchived,
    chapters,
    setChapters,
    page,
    setPage,
  };
}
