// Runs in: renderer. The dictionaries page's lookup box: type a word, see what the language's dictionaries say,
// click a definition to copy it (/ on the page focuses the box).
import { useState, type RefObject } from 'react';
import { t } from '../../lib/i18n';
import { toast } from '../../stores/ui';
import DictionaryEntries from './DictionaryEntries';

export function LookupCard({ languageId, inputRef }: { languageId: number; inputRef: RefObject<HTMLInputElement | null> }) {
  const [probe, setProbe] = useState('');
  return (
    <section className="card dict-probe">
      <div className="card-header">
        <h2>{t('dict.lookUpAWord')}</h2>
      </div>
      <input
        ref={inputRef}
        className="input"
        type="search"
        placeholder={t('dict.typeAWordPress')}
        aria-label={t('dict.wordToLookUp')}
        value={probe}
        onChange={(e) => setProbe(e.target.value)}
      />
      {probe.trim() && (
        <DictionaryEntries
          languageId={languageId}
          term={probe.trim()}
          onPick={(definition) => {
            void navigator.clipboard?.writeText(definition);
            toast('info', t('dict.definitionCopied'));
          }}
        />
      )}
    </section>
  );
}
