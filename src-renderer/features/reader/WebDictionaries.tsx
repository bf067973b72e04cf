// Runs in: renderer. The language's web dictionaries in the word panel: one button per dictionary URL,
// labelled by its site, opening the site inside the panel (a sandboxed iframe, in the browser and in Electron
// alike) when the site allows framing, else in a new tab; and "Translate" for the sentence with the language's
// translator URL. Whether a site allows framing is asked of the app (GET /web-dictionaries/embeddable: it reads
// the site's X-Frame-Options / frame-ancestors, which a page cannot), once per site and session.
import { useEffect, useRef, useState } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import type { EmbeddableDto } from '../../../src-shared/contract/web-dictionaries';
import { api } from '../../api/client';
import { currentLocale, t } from '../../lib/i18n';
import { serverMessage } from '../../lib/i18n/server';
import { dictionaryUrl, siteName } from '../../../src-shared/dictionaries/web-url';

const verdicts = new Map<string, Promise<EmbeddableDto>>();
/** Asked once per site (origin) and session. Never the app's own origin: a framed page of ours would be unsandboxed. */
function verdictOf(url: string): Promise<EmbeddableDto> {
  const origin = new URL(url).origin;
  if (origin === window.location.origin) return Promise.resolve({ embeddable: false, reason: t('reader.lectioPage') });
  let v = verdicts.get(origin);
  if (!v) {
    v = api
      .call('webDictionaries.embeddable', { url })
      .catch((err: unknown) => ({ embeddable: false, reason: err instanceof Error ? err.message : String(err) }));
    verdicts.set(origin, v);
    // Offline passes: the next click asks again (the server does not remember it either).
    void v.then((dto) => dto.unreachable && verdicts.delete(origin));
  }
  return v;
}

/** The site shown in the panel (its id), kept while the learner moves from word to word. */
let lastShown: string | null = null;

interface Shown {
  /** Which of the language's URIs: dict1, dict2, translate. */
  id: string;
  url: string;
  label: string;
  title: string;
}

export function WebDictionaries({ view, word, sentence }: { view: ReaderView; word: string; sentence: string }) {
  const { LgDict1URI, LgDict2URI, LgGoogleTranslateURI } = view.language;
  const sites: Shown[] = [LgDict1URI, LgDict2URI].flatMap((tm, i) =>
    tm ? [{ id: `dict${i + 1}`, url: dictionaryUrl(tm, word), label: siteName(tm), title: t('reader.lookUpOn', { word, site: siteName(tm) }) }] : [],
  );
  if (LgGoogleTranslateURI)
    sites.push({
      id: 'translate',
      url: dictionaryUrl(LgGoogleTranslateURI, sentence || word),
      label: t('reader.translate'),
      title: t('reader.translateOn', { site: siteName(LgGoogleTranslateURI) }),
    });
  // The site open for the last word stays open for the next one (the panel is made anew per word).
  const [shown, setShownNow] = useState<Shown | null>(() => sites.find((x) => x.id === lastShown) ?? null);
  const setShown = (site: Shown | null) => {
    lastShown = site?.id ?? null;
    setShownNow(site);
  };
  const [note, setNote] = useState<(Shown & { reason: string; unreachable: boolean }) | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  // The frame's bar comes into view, not the whole frame: the panel must not scroll the word and form away.
  // Braces: newer Chromium returns a promise from scrollIntoView, which React would take for a cleanup function.
  useEffect(() => {
    frame.current?.firstElementChild?.scrollIntoView({ block: 'nearest' });
  }, [shown?.id]);
  useEffect(() => {
    setShownNow((s) => (s ? (sites.find((x) => x.id === s.id) ?? null) : null));
    setNote(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [word, sentence]);

  async function open(e: React.MouseEvent, site: Shown) {
    // A plain click asks the site first; Ctrl/Cmd/middle click keep the link's own new tab.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    if (shown?.url === site.url) return setShown(null);
    const v = await verdictOf(site.url);
    if (v.embeddable) {
      setNote(null);
      setShown(site);
    } else {
      setShown(null);
      const reason = v.reason_message ? serverMessage(v.reason_message, currentLocale()) : (v.reason ?? t('reader.theSiteDoesNot'));
      setNote({ ...site, reason, unreachable: v.unreachable === true });
      // A site that cannot be reached would open as a dead tab: say so here and offer Retry instead.
      if (!v.unreachable) window.open(site.url, '_blank', 'noopener,noreferrer');
    }
  }

  if (sites.length === 0) return null;
  return (
    <div className="web-dicts">
      <div className="dict-links" role="toolbar" aria-label={t('reader.webDictionaries')}>
        {sites.map((s) => (
          <a
            key={s.id}
            className={`btn btn-small${shown?.id === s.id ? ' btn-on' : ''}`}
            href={s.url}
            target="_blank"
            rel="noreferrer noopener"
            title={s.title}
            // The site shown in the panel: aria-current (aria-pressed is not allowed on a link, axe).
            aria-current={shown?.id === s.id ? 'true' : undefined}
            onClick={(e) => void open(e, s)}
          >
            {s.label}
          </a>
        ))}
      </div>
      {note && !note.unreachable && (
        <p className="web-dict-note muted small" role="status">
          {t('reader.openedInNewTab', { label: note.label, reason: note.reason })}{' '}
          <a href={note.url} target="_blank" rel="noreferrer noopener">
            {t('reader.openAgain')}
          </a>
        </p>
      )}
      {note?.unreachable && (
        <p className="web-dict-note error-text small" role="alert">
          {t('reader.couldNotReach', { label: note.label, reason: note.reason })}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={(e) => void open(e, note)}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {shown && (
        <div className="web-dict-frame" ref={frame}>
          <div className="web-dict-bar small">
            <span className="muted">{shown.label}</span>
            <a href={shown.url} target="_blank" rel="noreferrer noopener">
              {t('reader.openInANew')}
            </a>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setShown(null)} aria-label={t('reader.closeTheDictionary')}>
              ✕
            </button>
          </div>
          <iframe
            src={shown.url}
            title={`${shown.label}: ${word}`}
            // Cross-origin and sandboxed: the site runs its own scripts and forms, and cannot reach the app.
            sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
            referrerPolicy="no-referrer"
          />
        </div>
      )}
    </div>
  );
}
