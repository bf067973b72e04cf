// Runs in: renderer. The feed wizard's state machine (FeedWizardPage renders it): the address and what probing
// it found, the article being previewed with the selector and filters that cut its text, the feed's name,
// language and options, and the three actions (probe, preview, save). Editing (?id=N) loads the feed and probes
// its address so the preview steps work the same.
// Long because: the wizard's three steps share the address, the probe and the preview (not yet a model: issue 45).
import { useEffect, useRef, useState } from 'react';
import type { ArticlePreview, FeedDto, ProbeResult } from '../../../src-shared/contract/feeds';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { DEFAULT_FEED_OPTIONS, formatFeedOptions, parseFeedOptions, type FeedOptions } from '../../../src-shared/feeds/options';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';

function splitFilters(raw: string): string[] {
  return raw
    .split(/\s*\|\s*|\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The learner's language a feed's declared code names ("pt-br" → Portuguese "pt"), or null. */
export function languageFor(declared: string, languages: readonly LanguageDto[]): number | null {
  if (!declared) return null;
  const code = declared.toLowerCase();
  const primary = code.split('-')[0];
  const exact = languages.find((l) => l.LgIsoCode.toLowerCase() === code);
  const loose = languages.find((l) => l.LgIsoCode.toLowerCase().split('-')[0] === primary);
  return (exact ?? loose)?.LgID ?? null;
}

/** The fields of step 3, edited together. */
export interface FeedFields {
  name: string;
  languageId: number | '';
  options: FeedOptions;
}

export function useFeedWizard(editId: number | null) {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const languages = useApp((s) => s.languages);
  const [url, setUrl] = useState('');
  const [editing, setEditing] = useState<FeedDto | null>(null);
  const [probe, setProbe] = useState<ProbeResult | null>(null);
  const [articleUrl, setArticleUrl] = useState('');
  const [preview, setPreview] = useState<ArticlePreview | null>(null);
  const [selector, setSelector] = useState('');
  const [filters, setFilters] = useState<string[]>([]);
  const [fields, setFields] = useState<FeedFields>({ name: '', languageId: currentLanguageId ?? '', options: { ...DEFAULT_FEED_OPTIONS, extra: {} } });
  const { name, languageId, options } = fields;
  const setName = (value: string) => setFields((f) => ({ ...f, name: value }));
  const setLanguageId = (value: number | '') => setFields((f) => ({ ...f, languageId: value }));
  const setOpt = <K extends keyof FeedOptions>(k: K, v: FeedOptions[K]) => setFields((f) => ({ ...f, options: { ...f.options, [k]: v } }));

  const curated = useCall('feeds.curated', languageId ? { language_id: languageId } : null);

  const probing = useAction(
    async (target: string, keepName: boolean) => {
      setProbe(null);
      setPreview(null);
      const r = await api.call('feeds.probe', { url: target, charset: options.charset || undefined });
      setProbe(r);
      if (r.kind === 'feed') {
        setUrl(r.url);
        // The name and language come from the feed just checked, never from one checked before it (issue 32:
        // the old "keep a name already there" kept the previous feed's). Editing keeps the stored ones.
        // A declared language the learner does not have is not replaced by the current one (issue 51: a Polish
        // feed was silently filed under German); DeclaredLanguage offers to create it.
        if (!keepName)
          setFields((f) => ({
            ...f,
            name: r.title,
            languageId: languageFor(r.language, languages) ?? (r.language ? '' : (currentLanguageId ?? f.languageId)),
          }));
      }
    },
    { report: 'inline' },
  );
  const runProbe = (target = url, keepName = false) => {
    const address = target.trim();
    if (address) void probing.run(address, keepName);
  };

  useEffect(() => {
    if (!editId) return;
    api
      .call('feeds.get', { id: editId })
      .then((f) => {
        setEditing(f);
        setUrl(f.NfSourceURI);
        setFields({ name: f.NfName, languageId: f.NfLgID, options: parseFeedOptions(f.NfOptions) });
        setSelector(f.NfArticleSectionTags);
        setFilters(splitFilters(f.NfFilterTags));
        runProbe(f.NfSourceURI, true);
      })
      .catch((err: unknown) => showError(err));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editId]);

  const previewing = useAction(async (link: string) => {
    setArticleUrl(link);
    try {
      setPreview(await api.call('feeds.previewArticle', { url: link, selector: selector || undefined, filters, charset: options.charset || undefined }));
    } catch (err) {
      setPreview(null);
      throw err;
    }
  });

  // Re-extract (text only) when the selector or filters change; the frame keeps its document.
  const extractKey = JSON.stringify([selector, filters]);
  const firstExtract = useRef(true);
  useEffect(() => {
    if (firstExtract.current || !articleUrl) {
      firstExtract.current = false;
      return;
    }
    const timer = setTimeout(() => {
      api
        .call('feeds.previewArticle', { url: articleUrl, selector: selector || undefined, filters, charset: options.charset || undefined })
        .then((p) =>
          setPreview((prev) => (prev ? { ...prev, text: p.text, words: p.words, error: p.error, error_code: p.error_code, error_params: p.error_params } : p)),
        )
        .catch((err: unknown) => showError(err));
    }, 200);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [extractKey]);

  const saving = useAction(async () => {
    const fields = {
      NfLgID: languageId as number,
      NfName: name.trim(),
      NfSourceURI: url.trim(),
      NfArticleSectionTags: selector.trim(),
      NfFilterTags: filters.join(' | '),
      NfOptions: formatFeedOptions(options),
    };
    const feed = editing ? await api.call('feeds.update', { id: editing.NfID, ...fields }) : await api.call('feeds.create', fields);
    if (!editing) {
      try {
        const r = await api.call('feeds.refresh', { id: feed.NfID });
        toast('success', t('feedWizard.savedWithArticles', { name: feed.NfName, count: r.added }));
      } catch (err) {
        showError(err, t('feedWizard.savedRefreshFailed', { name: feed.NfName }));
      }
    } else toast('success', t('feedWizard.saved', { name: feed.NfName }));
    navigate(`/feeds?feed=${feed.NfID}`);
  });
  const save = () => {
    if (!languageId) return toast('error', t('feedWizard.languageMissing'));
    if (!name.trim()) return toast('error', t('feedWizard.nameMissing'));
    void saving.run();
  };

  return {
    editing,
    url,
    setUrl,
    curated: curated.data,
    probe,
    probing: probing.busy,
    probeError: probing.error,
    runProbe,
    articleUrl,
    preview,
    previewing: previewing.busy,
    loadPreview: (link: string) => void previewing.run(link),
    selector,
    setSelector,
    filters,
    addFilter: (f: string) => setFilters((prev) => (prev.includes(f) ? prev : [...prev, f])),
    removeFilter: (f: string) => setFilters((prev) => prev.filter((x) => x !== f)),
    name,
    setName,
    languageId,
    setLanguageId,
    options,
    setOpt,
    saving: saving.busy,
    save,
  };
}

export type FeedWizard = ReturnType<typeof useFeedWizard>;
