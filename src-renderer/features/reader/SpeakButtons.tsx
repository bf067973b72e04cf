// Runs in: renderer. Speak the word / its sentence with the language's system voice: one pair of buttons for the word
// panel and the review card, so both speak the same way; without a voice, a quiet "No voice" where they would be,
// whose title says why (the reader's read-aloud bar says how to add one).
import { t } from '../../lib/i18n';
import { speak } from './speech';

export function SpeakButtons({ word, sentence, voice, language }: { word: string; sentence: string; voice: SpeechSynthesisVoice | null; language: string }) {
  if (!voice)
    return (
      <span className="word-panel-no-voice muted small" title={t('readAloud.noVoiceTitle', { language })} data-testid="no-voice-short">
        {t('readAloud.noVoiceShort')}
      </span>
    );
  return (
    <span className="word-panel-speech">
      <button
        className="btn btn-ghost btn-small"
        onClick={() => speak(word, voice)}
        aria-label={t('wordPanel.speakWord')}
        title={t('wordPanel.speakWordWith', { voice: voice.name })}
      >
        {t('wordPanel.speakWordButton')}
      </button>
      {sentence && (
        <button
          className="btn btn-ghost btn-small"
          onClick={() => speak(sentence, voice)}
          aria-label={t('wordPanel.speakSentence')}
          title={t('wordPanel.speakSentence')}
        >
          {t('wordPanel.speakSentenceButton')}
        </button>
      )}
    </span>
  );
}
