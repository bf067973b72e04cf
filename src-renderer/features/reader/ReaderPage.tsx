// Runs in: renderer. The reader: the whole text in one view with every word coloured by status, the word
// panel, multi-word selection (drag or shift-click), keyboard, width setting, audio, mark-all, finishing.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReaderView, ReadingItem } from '../../../src-shared/contract/reader';
import { STATUS_UNKNOWN } from '../../../src-shared/contract/status';
import type { TermDto } from '../../../src-shared/contract/terms';
import { renderInlineMarkdown } from '../../../src-shared/markdown';
import { wordHex } from '../../../src-shared/text/sha256';
import { api, errorMessage } from '../../api/client';
import { Link, navigate, useParams, useTitle } from '../../app/router';
import { useHotkeys } from '../../components/hotkeys';
import { EmptyState, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';
import { AudioPlayer } from './AudioPlayer';
import { itemIndexAt, recolour, renderText, type RenderedText } from './TextView';
import { WordPanel, type PanelTarget } from './WordPanel';
import { KeyboardHelp, Legend } from './ReaderParts';
import { useReadingPosition } from './useReadingPosition';
import './reader.css';

const STATUS_KEYS: Record<string, number> = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, i: 98, w: 99 };

function sentenceOf(items: readonly ReadingItem[], index: number): string {
  const s = items[index].sentence;
  let text = '';
  for (const it of items) if (it.sentence === s && it.Ti2WordCount <= 1 && it.kind !== 'break') text += it.text;
  return text.trim();
}

export default function ReaderPage() {
  const id = Number(useParams().id);
  const [view, setView] = useState<ReaderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const settings = useApp((s) => s.settings);
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const setCurrentLanguage = useApp((s) => s.setCurrentLanguage);
  const saveSetting = useApp((s) => s.saveSetting);
  const width = Math.min(100, Math.max(40, Number(settings.readingWidth) || 70));
  const hints = settings.showTranslationHints !== '0';
  const hostRef = useRef<HTMLDivElement>(null);
  const rendered = useRef<RenderedText | null>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const dragFrom = useRef<number | null>(null);
  const selection = useRef<[number, number] | null>(null);
  const scrolled = useRef(false);
  const finishedSent = useRef(false);
  useTitle(view ? view.text.TxTitle : 'Reader');

  const load = useCallback(async () => {
    try {
      setView(await api.call('reader.view', { id }));
    } catch (err) {
      setError(errorMessage(err));
    }
  }, [id]);
  useEffect(() => {
    setView(null);
    setPanel(null);
    finishedSent.current = false;
    void load();
  }, [load]);

  // Reading a text makes its language the current one (the sidebar, the library, new terms follow).
  useEffect(() => {
    if (view && view.language.LgID !== currentLanguageId) setCurrentLanguage(view.language.LgID);
  }, [view, currentLanguageId, setCurrentLanguage]);

  const items = view?.items;
  const words = useMemo(() => (items ? items.map((it, i) => (it.Ti2WordCount === 1 ? i : -1)).filter((i) => i >= 0) : []), [items]);

  // Distinct words by status, for the legend.
  const recount = useCallback(() => {
    if (!items) return;
    const seen = new Map<string, number>();
    for (const it of items) if (it.Ti2WordCount === 1) seen.set(it.hex, it.status);
    const c: Record<number, number> = {};
    for (const st of seen.values()) c[st] = (c[st] ?? 0) + 1;
    setCounts(c);
  }, [items]);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!view || !host) return;
    const r = renderText(view.items, view.language.LgRightToLeft, view.language.LgParserType === 'regex');
    for (const [index, el] of r.byIndex) {
      const it = view.items[index];
      const tr = it.Ti2WoID !== null ? view.terms[it.Ti2WoID]?.WoTranslation : '';
      if (tr) el.dataset.hint = tr.replace(/\s+/g, ' ').slice(0, 40);
    }
    host.replaceChildren(r.root);
    rendered.current = r;
    recount();
    // Resume where the learner left off.
    const at = view.text.TxPosition;
    if (at > 0) host.querySelector<HTMLElement>(`.w[data-order="${at}"]`)?.scrollIntoView({ block: 'start' });
    return () => {
      rendered.current = null;
    };
  }, [view, recount]);

  const openIndex = useCallback(
    (index: number) => {
      if (!view) return;
      const it = view.items[index];
      setSelected(index);
      rendered.current?.root.querySelectorAll('.selected').forEach((e) => e.classList.remove('selected'));
      rendered.current?.byIndex.get(index)?.classList.add('selected');
      const parts: { text: string; index: number }[] = [];
      if (it.Ti2WordCount > 1) {
        for (let k = index - 1, n = 0; k < view.items.length && n < it.Ti2WordCount; k++) {
          if (view.items[k].Ti2WordCount === 1) {
            parts.push({ text: view.items[k].text, index: k });
            n++;
          }
        }
      }
      setPanel({ text: it.text, multiword: it.Ti2WordCount > 1, termId: it.Ti2WoID, sentence: sentenceOf(view.items, index), reading: it.reading, parts });
    },
    [view],
  );

  /** A term was saved: every element with its data_hex takes the new status at once. */
  const applyTerm = useCallback(
    (term: TermDto) => {
      if (!view || !rendered.current) return;
      const hex = wordHex(term.WoText);
      view.terms[term.WoID] = term;
      for (const it of view.items) {
        if (it.hex !== hex) continue;
        it.status = term.WoStatus;
        it.Ti2WoID = term.WoID;
      }
      recolour(rendered.current, hex, term.WoStatus, hints ? term.WoTranslation.replace(/\s+/g, ' ').slice(0, 40) : undefined);
      recount();
    },
    [view, hints, recount],
  );

  const multiwordSaved = useCallback(
    (term: TermDto) => {
      // A new multi-word term adds occurrences: fetch the items again (the single words keep their colours).
      if (panel?.multiword && panel.termId === null) void load();
      else applyTerm(term);
      setPanel(null);
    },
    [panel, load, applyTerm],
  );

  const onDeleted = useCallback(
    (termId: number) => {
      if (!view || !rendered.current) return;
      const hexes = new Set(view.items.filter((it) => it.Ti2WoID === termId).map((it) => it.hex));
      for (const it of view.items) {
        if (it.Ti2WoID !== termId) continue;
        it.status = STATUS_UNKNOWN;
        it.Ti2WoID = null;
      }
      for (const h of hexes) recolour(rendered.current, h, STATUS_UNKNOWN, '');
      setPanel(null);
      recount();
    },
    [view, recount],
  );

  async function setStatusOfSelected(status: number) {
    if (!view || selected === null) return;
    const it = view.items[selected];
    try {
      const term =
        it.Ti2WordCount > 1 && it.Ti2WoID !== null
          ? await api.call('reader.multiUpdate', { id: it.Ti2WoID, WoStatus: status })
          : await api.call('reader.quickTerm', { WoLgID: view.language.LgID, WoText: it.text, WoStatus: status });
      applyTerm(term);
      if (panel) setPanel({ ...panel, termId: term.WoID });
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }

  function moveToUnknown(dir: 1 | -1) {
    if (!view) return;
    const from = selected === null ? (dir === 1 ? -1 : view.items.length) : selected;
    const list = dir === 1 ? words.filter((i) => i > from) : words.filter((i) => i < from).reverse();
    const next = list.find((i) => view.items[i].status === STATUS_UNKNOWN);
    if (next === undefined) return;
    rendered.current?.byIndex.get(next)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    openIndex(next);
  }

  useHotkeys({
    ArrowRight: () => moveToUnknown(view?.language.LgRightToLeft ? -1 : 1),
    ArrowLeft: () => moveToUnknown(view?.language.LgRightToLeft ? 1 : -1),
    j: () => moveToUnknown(1),
    k: () => moveToUnknown(-1),
    Escape: () => {
      setPanel(null);
      clearSelection();
    },
    Enter: () => selected !== null && openIndex(selected),
    ...Object.fromEntries(Object.entries(STATUS_KEYS).map(([key, st]) => [key, () => void setStatusOfSelected(st)])),
  });

  function clearSelection() {
    selection.current = null;
    rendered.current?.root.querySelectorAll('.in-selection').forEach((e) => e.classList.remove('in-selection'));
  }

  function markRange(a: number, b: number) {
    clearSelection();
    const [lo, hi] = a < b ? [a, b] : [b, a];
    selection.current = [lo, hi];
    for (const i of words) if (i >= lo && i <= hi) rendered.current?.byIndex.get(i)?.classList.add('in-selection');
  }

  /** A selection of 2+ words becomes a new (or existing) multi-word term; its text comes from the items. */
  function openSelection() {
    if (!view || !selection.current) return;
    const [lo, hi] = selection.current;
    if (lo === hi) return;
    let text = '';
    for (let k = lo; k <= hi; k++) if (view.items[k].Ti2WordCount <= 1) text += view.items[k].text;
    const existing = view.items.find((it) => it.Ti2WordCount > 1 && it.hex === wordHex(text.replace(/\s+/g, ' ')));
    setPanel({ text: text.replace(/\s+/g, ' '), multiword: true, termId: existing?.Ti2WoID ?? null, sentence: sentenceOf(view.items, lo) });
  }

  const onMouseDown = (e: React.MouseEvent) => {
    const i = itemIndexAt(e.target);
    if (i === null || e.button !== 0 || !view || view.items[i].Ti2WordCount !== 1) return;
    if (e.shiftKey && selected !== null) {
      e.preventDefault();
      markRange(selected, i);
      openSelection();
      return;
    }
    dragFrom.current = i;
  };
  const onMouseOver = (e: React.MouseEvent) => {
    const i = itemIndexAt(e.target);
    const tip = tooltip.current;
    if (dragFrom.current !== null && i !== null && view?.items[i].Ti2WordCount === 1 && i !== dragFrom.current) markRange(dragFrom.current, i);
    if (!tip || !view) return;
    const it = i === null ? null : view.items[i];
    const term = it && it.Ti2WoID !== null ? view.terms[it.Ti2WoID] : undefined;
    if (!term || !(term.WoTranslation || term.WoRomanization) || dragFrom.current !== null) {
      tip.hidden = true;
      return;
    }
    const el = (e.target as Element).closest('.w')!;
    const box = el.getBoundingClientRect();
    tip.innerHTML = `${term.WoRomanization ? `<div class="tip-roman">${renderInlineMarkdown(term.WoRomanization)}</div>` : ''}${renderInlineMarkdown(term.WoTranslation)}`;
    tip.style.left = `${Math.max(8, box.left)}px`;
    tip.style.top = `${box.bottom + 6}px`;
    tip.hidden = false;
  };
  const onMouseUp = (e: React.MouseEvent) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null) return;
    if (selection.current && selection.current[0] !== selection.current[1]) {
      openSelection();
      return;
    }
    clearSelection();
    const i = itemIndexAt(e.target);
    if (i === null || !view) return;
    // A word inside a shown multi-word group opens the group's term when it has one.
    const group = (e.target as Element).closest('.w')?.parentElement?.closest<HTMLElement>('.mw');
    openIndex(group && e.altKey === false && view.items[Number(group.dataset.i)].Ti2WoID !== null ? Number(group.dataset.i) : i);
  };

  useReadingPosition(view, hostRef, rendered, scrolled);

  async function finish(next: boolean) {
    if (!view) return;
    try {
      await api.call('texts.finished', { id: view.text.TxID });
      finishedSent.current = true;
      toast('success', 'Marked as read');
      if (next && view.neighbours.next) navigate(`/read/${view.neighbours.next}`);
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }

  // Reaching the end after scrolling counts as reading the text.
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = endRef.current;
    if (!el || !view) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((en) => en.isIntersecting) && scrolled.current && !finishedSent.current) void finish(false);
    });
    io.observe(el);
    return () => io.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  async function markAll(kind: 'known' | 'ignored') {
    if (!view) return;
    const unknown = counts[STATUS_UNKNOWN] ?? 0;
    const ok = await confirmDialog({
      title: kind === 'known' ? 'Mark all unknown words as well known?' : 'Ignore all unknown words?',
      message: `${unknown} unknown word${unknown === 1 ? '' : 's'} of this text get a term with status ${kind === 'known' ? '99 (well known)' : '98 (ignored)'}.`,
      confirmLabel: kind === 'known' ? 'Mark all known' : 'Ignore all',
    });
    if (!ok) return;
    try {
      const res = await api.call(kind === 'known' ? 'reader.markAllKnown' : 'reader.markAllIgnored', { id: view.text.TxID });
      toast('success', `${res.created} term${res.created === 1 ? '' : 's'} created`);
      await load();
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }

  if (error) return <div className="page"><EmptyState title="This text cannot be opened">{error}</EmptyState></div>;
  if (!view) return <Spinner label="Opening the text…" />;
  const totalWords = Object.values(counts).reduce((a, b) => a + b, 0);

  return (
    <div className={`reader${panel ? ' with-panel' : ''}`}>
      <div className="reader-main">
        <header className="reader-toolbar">
          <div className="reader-title">
            <Link to="/texts" className="muted small">
              ← Library
            </Link>
            <h1>{view.text.TxTitle}</h1>
            <span className="muted small">
              {view.language.LgName} · {totalWords} distinct words
            </span>
          </div>
          <div className="reader-actions">
            <label className="width-control" title="Reading width">
              <span className="muted small">Width</span>
              <input
                type="range"
                min={40}
                max={100}
                step={5}
                value={width}
                aria-label="Reading width"
                onChange={(e) => void saveSetting('readingWidth', e.target.value)}
              />
              <span className="small mono">{width}%</span>
            </label>
            <button className="btn btn-small" onClick={() => void saveSetting('showTranslationHints', hints ? '0' : '1')} aria-pressed={hints}>
              Hints
            </button>
            <button className="btn btn-small" onClick={() => void markAll('known')}>
              All known
            </button>
            <button className="btn btn-small" onClick={() => void markAll('ignored')}>
              Ignore all
            </button>
            <Link className="btn btn-small" to={`/texts/${view.text.TxID}/edit`}>
              Edit
            </Link>
            <a className="btn btn-small" href={`/text/print-plain?text=${view.text.TxID}`} target="_blank" rel="noreferrer">
              Print
            </a>
          </div>
        </header>
        <Legend counts={counts} />
        {view.text.TxAudioURI && <AudioPlayer textId={view.text.TxID} src={view.text.TxAudioURI} position={view.text.TxAudioPosition} />}
        <div
          className={`reader-column${hints ? ' show-hints' : ''}`}
          style={{ width: `${width}%`, fontSize: `${view.language.LgTextSize}%` }}
          lang={view.language.LgIsoCode || undefined}
        >
          <div ref={hostRef} className="reader-host" onMouseDown={onMouseDown} onMouseOver={onMouseOver} onMouseUp={onMouseUp} onMouseLeave={() => tooltip.current && (tooltip.current.hidden = true)} />
          <div ref={endRef} className="reader-end card">
            <p className="muted">End of the text.</p>
            <div className="form-actions">
              <button className="btn" onClick={() => void finish(false)}>
                Mark as read
              </button>
              {view.neighbours.next && (
                <button className="btn btn-primary" onClick={() => void finish(true)}>
                  Mark as read, next text →
                </button>
              )}
            </div>
          </div>
        </div>
        <KeyboardHelp />
      </div>
      {panel && (
        <WordPanel
          key={`${panel.text}:${panel.termId}`}
          view={view}
          target={panel}
          onSaved={(t) => (panel.multiword ? multiwordSaved(t) : (applyTerm(t), setPanel({ ...panel, termId: t.WoID })))}
          onClose={() => {
            setPanel(null);
            clearSelection();
          }}
          onOpenPart={openIndex}
          onDeleted={onDeleted}
        />
      )}
      <div ref={tooltip} className="reader-tooltip" hidden role="tooltip" />
    </div>
  );
}
