// Runs in: renderer. The reader's toolbar, always one line (the word panel takes a third of the window): title,
// language and the text's coverage, reading width, translation hints, furigana and "Known up to here" in view;
// mark-all, join or split words (when the open word panel offers it), review this text's terms, edit and print in
// the "More" menu.
import { useEffect, useRef, type ReactNode } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { Link } from '../../lib/router';
import { t } from '../../lib/i18n';
import { TextCoverage } from './TextCoverage';

interface Props {
  view: ReaderView;
  totalWords: number;
  width: number;
  hints: boolean;
  onWidth(width: string): void;
  onToggleHints(): void;
  onMarkAll(kind: 'known' | 'ignored'): void;
  /** "Mark the rest known" up to the selected word; null when no word is selected. */
  onMarkUntil: (() => void) | null;
  /** Translate all sentences of the text (TranslateAll.tsx). */
  onTranslateAll?: () => void;
  /** Readings above words on/off, for languages with readings (null: not offered); what they are called. */
  furigana: boolean | null;
  readingsKind?: 'furigana' | 'pinyin' | 'jyutping' | null;
  onToggleFurigana(): void;
  /** Join the selected words or split the open word (issue 46); absent when the open panel offers neither. */
  onCorrectWords?: () => void;
}

export function ReaderToolbar({
  view,
  totalWords,
  width,
  hints,
  onWidth,
  onToggleHints,
  onMarkAll,
  onMarkUntil,
  onTranslateAll,
  furigana,
  onToggleFurigana,
  readingsKind = 'furigana',
  onCorrectWords,
}: Props) {
  return (
    <header className="reader-toolbar">
      <div className="reader-title">
        <Link to="/texts" className="muted small">
          {t('reader.backToLibrary')}
        </Link>
        <h1>{view.text.TxTitle}</h1>
        <span className="muted small">
          {view.language.LgName} · {t('reader.distinctWords', { count: totalWords })}
          <TextCoverage textId={view.text.TxID} />
        </span>
      </div>
      <div className="reader-actions">
        <label className="width-control" title={t('reader.readingWidth')}>
          <span className="muted small">{t('reader.width')}</span>
          <input type="range" min={40} max={100} step={5} value={width} aria-label={t('reader.readingWidth')} onChange={(e) => onWidth(e.target.value)} />
          <span className="small mono">{width}%</span>
        </label>
        <button className="btn btn-small" onClick={onToggleHints} aria-pressed={hints}>
          {t('reader.hints')}
        </button>
        {furigana !== null && (
          <button
            className={`btn btn-small${furigana ? ' btn-on' : ''}`}
            onClick={onToggleFurigana}
            aria-pressed={furigana}
            title={readingsKind === 'furigana' ? t('reader.readingsAboveKanjiWords') : t('reader.readingsAboveWords')}
          >
            {readingsKind === 'pinyin' ? t('reader.pinyin') : readingsKind === 'jyutping' ? t('reader.jyutping') : t('reader.furigana')}
          </button>
        )}
        <button
          className="btn btn-small"
          onClick={() => onMarkUntil?.()}
          disabled={!onMarkUntil}
          title={onMarkUntil ? t('reader.everyUnknownWordUp') : t('reader.selectAWordFirst')}
        >
          {t('reader.knownUpToHere')}
        </button>
        <MoreMenu>
          <label className="menu-width" onClick={(e) => e.stopPropagation()}>
            <span className="small">{t('reader.width')}</span>
            <input type="range" min={40} max={100} step={5} value={width} aria-label={t('reader.readingWidth')} onChange={(e) => onWidth(e.target.value)} />
            <span className="small mono">{width}%</span>
          </label>
          <button className="menu-item" onClick={() => onMarkAll('known')}>
            {t('reader.allKnown')}
          </button>
          <button className="menu-item" onClick={() => onMarkAll('ignored')}>
            {t('reader.ignoreAll')}
          </button>
          {onTranslateAll && (
            <button className="menu-item" onClick={onTranslateAll}>
              {t('reader.translateAll')}
            </button>
          )}
          {onCorrectWords && (
            <button className="menu-item" onClick={onCorrectWords} aria-keyshortcuts="C">
              {t('reader.correctWords')}
            </button>
          )}
          <hr />
          <Link className="menu-item" to={`/review?text=${view.text.TxID}`} title={t('reader.reviewThisTextS')}>
            {t('reader.reviewText')}
          </Link>
          <Link className="menu-item" to={`/texts/${view.text.TxID}/edit`}>
            {t('reader.edit')}
          </Link>
          <a className="menu-item" href={`/text/print-plain?text=${view.text.TxID}`} target="_blank" rel="noreferrer">
            {t('reader.print')}
          </a>
        </MoreMenu>
      </div>
    </header>
  );
}

/** A disclosure menu: closes on a choice, a click elsewhere or Esc. */
function MoreMenu({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (e: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menu.contains(e.target as Node)) menu.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details ref={ref} className="reader-more">
      <summary className="btn btn-small" aria-haspopup="menu">
        {t('reader.more')} <span aria-hidden="true">▾</span>
      </summary>
      <div className="reader-more-menu" onClick={() => ref.current && (ref.current.open = false)}>
        {children}
      </div>
    </details>
  );
}
