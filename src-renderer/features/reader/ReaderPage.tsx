// Runs in: renderer. The reader: the whole text in one view with every word coloured by status, the word
// panel, multi-word selection (drag or shift-click), keyboard, width setting, audio, mark-all, finishing.
// State and actions: useReaderSession.
import { wordReadingsKind } from '../../../src-shared/text/zh/languages';
import { EmptyState, Spinner } from '../../components/Page';
import { ListeningBar, youtubeIdOf } from '../listening/ListeningBar';
import { ReadAloudBar } from './ReadAloudBar';
import { FamilyMarks } from '../lemmas/FamilyMarks';
import { WordPanel } from './WordPanel';
import { afterLeavingPanel } from './useWordPanel';
import { KeyboardHelp, Legend } from './ReaderParts';
import { ReaderToolbar } from './ReaderToolbar';
import { TextEnd } from './TextEnd';
import { BookReaderBar } from '../books/BookReaderBar';
import { AudioAttach } from './AudioAttach';
import './reader.css';
import { t } from '../../lib/i18n';
import { useReaderSession } from './useReaderSession';
import { TranslateAllBar, useTranslateAll } from './TranslateAll';
import { correctionOffered, requestCorrection } from './useWordCorrection';

export default function ReaderPage() {
  const r = useReaderSession();
  const translateAll = useTranslateAll(r.view?.text.TxID);
  const { error, view, panel } = r;
  if (error)
    return (
      <div className="page">
        <EmptyState title={t('reader.thisTextCannotBe')}>{error}</EmptyState>
      </div>
    );
  if (!view) return <Spinner label={t('reader.openingTheText')} />;
  const totalWords = Object.values(r.counts).reduce((a, b) => a + b, 0);

  return (
    <div className={`reader${panel ? ' with-panel' : ''}`}>
      <div className="reader-main">
        <ReaderToolbar
          view={view}
          totalWords={totalWords}
          width={r.width}
          hints={r.hints}
          onWidth={(w) => void r.saveSetting('readingWidth', w)}
          onToggleHints={() => void r.saveSetting('showTranslationHints', r.hints ? '0' : '1')}
          onMarkAll={(kind) => void r.markAll(kind)}
          onMarkUntil={r.selected === null ? null : () => void r.markUntil()}
          furigana={wordReadingsKind(view.language) ? r.furigana : null}
          readingsKind={wordReadingsKind(view.language)}
          onToggleFurigana={() => void r.saveSetting(r.furiganaKey, r.furigana ? '0' : '1')}
          onTranslateAll={() => void translateAll.start()}
          onCorrectWords={panel && correctionOffered(view, panel) ? requestCorrection : undefined}
        />
        <TranslateAllBar run={translateAll} />
        <BookReaderBar textId={view.text.TxID} />
        <Legend counts={r.counts} />
        <ListeningBar view={view} model={r.model} rendered={r.rendered} hostRef={r.hostRef} />
        {/* Without an audio file (or a video to follow), the system voice reads the text. */}
        {!view.text.TxAudioURI && !youtubeIdOf(view.text.TxSourceURI) && (
          <ReadAloudBar key={view.text.TxID} view={view} model={r.model} rendered={r.rendered} hostRef={r.hostRef} voice={r.voice} selected={r.selected} />
        )}
        <AudioAttach view={view} onAttached={() => void r.load()} />
        <FamilyMarks view={view} follow={r.followFamilies} />
        <div
          className={`reader-column${r.hints ? ' show-hints' : ''}`}
          style={{ width: `${r.width}%`, fontSize: `${view.language.LgTextSize}%` }}
          lang={view.language.LgIsoCode || undefined}
        >
          <div
            ref={r.hostRef}
            className="reader-host"
            onMouseDown={r.pointer.onMouseDown}
            onMouseOver={r.pointer.onMouseOver}
            onMouseUp={r.pointer.onMouseUp}
            onMouseLeave={r.pointer.onMouseLeave}
          />
          <TextEnd key={view.text.TxID} view={view} scrolled={r.scrolled} />
        </div>
        <button className="btn btn-small reader-keys-button" onClick={() => r.setHelp(true)} aria-keyshortcuts="?" title={t('reader.keyboardShortcuts')}>
          {t('reader.keyboard')} <kbd>?</kbd>
        </button>
        {r.help && (
          <KeyboardHelp
            nextAfterStatus={r.nextAfterStatus}
            onNextAfterStatus={(on) => void r.saveSetting('readerNextUnknown', on ? '1' : '0')}
            onClose={() => r.setHelp(false)}
          />
        )}
      </div>
      {panel && (
        <WordPanel
          key={`${panel.text}:${panel.termId}`}
          view={view}
          target={panel}
          control={r.panelControl}
          voice={r.voice}
          onSaved={(tm, advance) => {
            if (panel.multiword) r.multiwordSaved(tm);
            else {
              r.applyTerm(tm);
              r.setPanel({ ...panel, termId: tm.WoID, focus: false });
              if (advance && r.nextAfterStatus) r.moveToUnknown(1);
            }
          }}
          onClose={() =>
            afterLeavingPanel(r.panelControl, () => {
              r.setPanel(null);
              r.clearSelection();
            })
          }
          onOpenPart={r.openIndex}
          onDeleted={r.onDeleted}
          onTranslateSentence={r.translateSentence}
          onCorrected={() => {
            r.setPanel(null);
            r.clearSelection();
            void r.load();
          }}
        />
      )}
      <div ref={r.tooltip} className="reader-tooltip" hidden role="tooltip" />
    </div>
  );
}
