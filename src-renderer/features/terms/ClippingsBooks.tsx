// Runs in: renderer. The books of a Kindle My Clippings.txt in the term import's preview: each with its passages
// (one text per book) and one-word highlights (terms), ticked to be imported into the chosen language.
import { useEffect } from 'react';
import type { TermImportPreview } from '../../../src-shared/contract/terms';
import { t } from '../../lib/i18n';
import { useClippingsChoice } from './clippingsChoice';

export function ClippingsBooks({ clippings }: { clippings: NonNullable<TermImportPreview['clippings']> }) {
  const { unticked, toggle, reset } = useClippingsChoice();
  // A new file starts with every book ticked.
  useEffect(() => reset(), [clippings, reset]);
  return (
    <div className="clippings-books">
      <p>{t('termImport.clippingsIntro')}</p>
      <ul className="plain-list">
        {clippings.books.map((b, i) => (
          <li key={i}>
            <label>
              <input type="checkbox" checked={!unticked.has(i)} onChange={() => toggle(i)} /> <strong>{b.title}</strong>
              {b.author ? <span className="muted"> · {b.author}</span> : null}{' '}
              <span className="muted">· {t('termImport.clippingsCounts', { passages: b.passages, words: b.words })}</span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
