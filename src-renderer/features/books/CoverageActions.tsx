// Runs in: renderer. The action row above a list of words to learn (a book's coverage list, a language's next
// words): CSV of the list, Clear, Add and send to Anki, Add as terms. `children` come first (the book's "Tick the N
// for 95 %").
import type { ReactNode } from 'react';
import type { CoverageWord } from '../../../src-shared/contract/books';
import { coverageCsv } from '../../../src-shared/word-coverage/csv';
import { saveFile } from '../../api/client';
import { t } from '../../lib/i18n';

export function CoverageActions(props: {
  /** The CSV file's name starts with it (a book's or a language's name). */
  name: string;
  list: readonly CoverageWord[];
  chosenCount: number;
  busy: boolean;
  onClear(): void;
  onAdd(toAnki: boolean): void;
  children?: ReactNode;
}) {
  const { name, list, chosenCount, busy, onClear, onAdd } = props;
  return (
    <div className="coverage-actions">
      {props.children}
      <button
        type="button"
        className="btn btn-small btn-ghost"
        title={t('coverage.csvTitle')}
        onClick={() =>
          saveFile({ $file: true, filename: `${name.slice(0, 60)} - words.csv`, contentType: 'text/csv', data: new TextEncoder().encode(coverageCsv(list)) })
        }
      >
        {t('coverage.csv')}
      </button>
      <button type="button" className="btn btn-small btn-ghost" onClick={onClear} disabled={chosenCount === 0}>
        {t('coverage.clear')}
      </button>
      <button type="button" className="btn btn-small" title={t('coverage.addToAnkiTitle')} onClick={() => onAdd(true)} disabled={chosenCount === 0 || busy}>
        {t('coverage.addToAnki')}
      </button>
      <button type="button" className="btn btn-small btn-primary" onClick={() => onAdd(false)} disabled={chosenCount === 0 || busy}>
        {t('coverage.add', { count: chosenCount })}
      </button>
    </div>
  );
}
