// Runs in: renderer. The reader's read-aloud bar for a text without an audio file: play/pause the language's system
// voice sentence by sentence (useReadAloud), previous/next, repeat, speed, which sentence is read. Where the system
// has no voice for the language, says so here (where the button would be) and how to add one on each system.
import type { ReaderView } from '../../../src-shared/contract/reader';
import { t } from '../../lib/i18n';
import { RATES } from '../listening/useSentenceSync';
import { useReadAloud, type ReadAloudProps } from './useReadAloud';
import '../listening/listening.css';

export function ReadAloudBar(props: ReadAloudProps & { view: ReaderView }) {
  const { voice, view } = props;
  if (!voice) return <NoVoice language={view.language.LgName} />;
  return <ReadAloudControls {...props} voice={voice} />;
}

function ReadAloudControls(props: ReadAloudProps & { voice: SpeechSynthesisVoice }) {
  const s = useReadAloud(props);
  const started = s.at !== null;
  return (
    <div className={`listening-bar read-aloud${s.playing ? ' playing' : ''}`} role="toolbar" aria-label={t('readAloud.bar')}>
      <div className="listening-controls">
        <button
          type="button"
          className={`btn btn-small${s.playing ? '' : ' btn-primary'}`}
          onClick={s.toggle}
          aria-keyshortcuts="Space"
          aria-pressed={s.playing}
          title={t('readAloud.playTitle', { voice: props.voice.name })}
        >
          {s.playing ? `❚❚ ${t('readAloud.pause')}` : `▶ ${started ? t('readAloud.resume') : t('readAloud.play')}`}
        </button>
        <button type="button" className="btn btn-small" onClick={() => s.step(-1)} title={t('readAloud.previous')} aria-label={t('readAloud.previous')}>
          ‹
        </button>
        <button type="button" className="btn btn-small" onClick={() => s.step(1)} title={t('readAloud.next')} aria-label={t('readAloud.next')}>
          ›
        </button>
        <button type="button" className="btn btn-small" onClick={s.repeat} disabled={!started} title={t('readAloud.repeat')}>
          ↻
        </button>
        {started && (
          <button type="button" className="btn btn-small" onClick={s.stop} title={t('readAloud.stop')} aria-label={t('readAloud.stop')}>
            ■
          </button>
        )}
        <label className="rate">
          <span>{t('readAloud.speed')}</span>
          <select value={s.rate} onChange={(e) => s.changeRate(Number(e.target.value))} aria-label={t('readAloud.speedLabel')}>
            {RATES.map((r) => (
              <option key={r} value={r}>
                {r === 1 ? t('readAloud.normal') : `${r}×`}
              </option>
            ))}
          </select>
        </label>
        <span className="sync-status" aria-live="polite">
          {s.current !== null ? t('readAloud.sentenceOf', { n: (s.at ?? 0) + 1, total: s.count }) : props.voice.name}
        </span>
      </div>
    </div>
  );
}

/** No system voice for the language: what that means and how to add one (the voice settings follow it at once). */
export function NoVoice({ language }: { language: string }) {
  return (
    <details className="read-aloud-none muted small" data-testid="read-aloud-no-voice">
      <summary title={t('readAloud.noVoiceTitle', { language })}>{t('readAloud.noVoice', { language })}</summary>
      <p>{t('readAloud.noVoiceTitle', { language })}</p>
      <ul>
        <li>{t('readAloud.windows')}</li>
        <li>{t('readAloud.macos')}</li>
        <li>{t('readAloud.linux')}</li>
      </ul>
      <p>{t('readAloud.afterAdding')}</p>
    </details>
  );
}
