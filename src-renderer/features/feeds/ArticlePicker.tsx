// Runs in: renderer. Step 2 of the feed wizard, the part that is pointing: the article page in a sandboxed frame
// (sanitised by the server: no scripts, no images, no links; the frame has no allow-scripts, so nothing in it
// runs). A click picks the article's section (a selector is proposed; "Wider" takes the parent) or, in the
// other mode, an element to remove. The frame is wired by hand because its document is not React's.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ArticlePreview } from '../../../src-shared/contract/feeds';
import { t } from '../../lib/i18n';
import { proposeFilter, proposeSelector } from './selector';

const FRAME_STYLE = `<style>
  html { font: 15px/1.5 system-ui, sans-serif; color: #1d2230; background: #fff; }
  body { margin: 12px 16px; cursor: crosshair; }
  .lx-hover { outline: 2px dashed #3b5bdb !important; outline-offset: 2px; }
  .lx-picked { outline: 3px solid #2f9e44 !important; outline-offset: 2px; background: rgba(47, 158, 68, 0.06); }
  .lx-filtered { outline: 2px solid #d6336c !important; opacity: 0.35; text-decoration: line-through; }
</style>`;

type Mode = 'section' | 'filter';

export function ArticlePicker({
  preview,
  selector,
  filters,
  onSelector,
  onFilter,
}: {
  preview: ArticlePreview;
  selector: string;
  filters: string[];
  onSelector(selector: string): void;
  onFilter(filter: string): void;
}) {
  const [mode, setMode] = useState<Mode>('section');
  const frame = useRef<HTMLIFrameElement>(null);
  const picked = useRef<Element | null>(null);

  const srcdoc = useMemo(() => `<!doctype html><html><head><meta charset="utf-8">${FRAME_STYLE}</head><body>${preview.html}</body></html>`, [preview.html]);

  // Outline what the selector and filters match inside the frame.
  function paint() {
    const doc = frame.current?.contentDocument;
    if (!doc?.body) return;
    for (const el of Array.from(doc.querySelectorAll('.lx-picked, .lx-filtered'))) el.classList.remove('lx-picked', 'lx-filtered');
    const mark = (sel: string, cls: string) => {
      try {
        if (sel && !sel.startsWith('/')) for (const el of Array.from(doc.querySelectorAll(sel))) el.classList.add(cls);
      } catch {
        /* an invalid selector typed by hand: nothing to outline */
      }
    };
    mark(selector, 'lx-picked');
    for (const f of filters) mark(f, 'lx-filtered');
  }
  useEffect(paint); // after every render: cheap, and the frame may have reloaded

  // The frame's listeners outlive renders: they read the mode and the callbacks of the moment through refs.
  const latest = useRef({ mode, onSelector, onFilter });
  latest.current = { mode, onSelector, onFilter };
  function wireFrame() {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.addEventListener('mouseover', (e) => (e.target as Element).classList?.add('lx-hover'));
    doc.addEventListener('mouseout', (e) => (e.target as Element).classList?.remove('lx-hover'));
    doc.addEventListener('click', (e) => {
      e.preventDefault();
      const el = e.target as Element;
      if (!el || el === doc.body || el === doc.documentElement) return;
      if (latest.current.mode === 'section') {
        picked.current = el;
        latest.current.onSelector(proposeSelector(el));
      } else latest.current.onFilter(proposeFilter(el));
    });
    paint();
  }

  function widen() {
    const el = picked.current?.parentElement;
    if (el && !['body', 'html'].includes(el.tagName.toLowerCase())) {
      picked.current = el;
      onSelector(proposeSelector(el));
    }
  }

  return (
    <>
      <div className="pick-toolbar" role="toolbar" aria-label={t('feedWizard.pickerTools')}>
        <div className="segmented">
          <button className={`btn btn-small${mode === 'section' ? ' btn-primary' : ''}`} aria-pressed={mode === 'section'} onClick={() => setMode('section')}>
            {t('feedWizard.pickSection')}
          </button>
          <button className={`btn btn-small${mode === 'filter' ? ' btn-primary' : ''}`} aria-pressed={mode === 'filter'} onClick={() => setMode('filter')}>
            {t('feedWizard.pickRemove')}
          </button>
        </div>
        <button className="btn btn-small" disabled={!picked.current} onClick={widen} title={t('feedWizard.widenTitle')}>
          {t('feedWizard.widen')}
        </button>
      </div>
      <iframe ref={frame} className="preview-frame" title={t('feedWizard.pickerFrame')} sandbox="allow-same-origin" srcDoc={srcdoc} onLoad={wireFrame} />
    </>
  );
}
