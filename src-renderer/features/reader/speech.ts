// Runs in: renderer. Reading aloud with the system's voices (Web Speech API): the voice chosen for the language
// in its settings (setting `voice.<LgID>`, a voiceURI), else the voice for its ISO code (exact tag first, then the
// same primary language), or none — then the speech controls are hidden.
import { useEffect, useState } from 'react';
import { useApp } from '../../stores/app';

/** Setting key of a language's chosen voice (its voiceURI; empty = the system's voice for the language). */
export const voiceSettingKey = (languageId: number) => `voice.${languageId}`;

const tagOf = (v: { lang: string }) => v.lang.toLowerCase().replace('_', '-');

/** Every system voice of a language (same primary language as its ISO code), the exact tag first. */
export function voicesFor(lang: string): SpeechSynthesisVoice[] {
  if (typeof speechSynthesis === 'undefined' || !lang) return [];
  const want = lang.toLowerCase().replace('_', '-');
  const primary = want.split('-')[0];
  const voices = speechSynthesis.getVoices().filter((v) => tagOf(v).split('-')[0] === primary);
  return [...voices.filter((v) => tagOf(v) === want), ...voices.filter((v) => tagOf(v) !== want)];
}

/** The system voices of a language, following the system's list as it loads (voiceschanged). */
export function useVoices(lang: string | undefined): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => voicesFor(lang ?? ''));
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    const update = () => setVoices(voicesFor(lang ?? ''));
    update();
    speechSynthesis.addEventListener('voiceschanged', update);
    return () => speechSynthesis.removeEventListener('voiceschanged', update);
  }, [lang]);
  return voices;
}

/** The voice that reads a language: the one chosen in its settings when the system still has it. */
export function useVoice(lang: string | undefined, languageId?: number): SpeechSynthesisVoice | null {
  const voices = useVoices(lang);
  const chosen = useApp((s) => (languageId ? (s.settings[voiceSettingKey(languageId)] ?? '') : ''));
  return (chosen && voices.find((v) => v.voiceURI === chosen)) || voices[0] || null;
}

export function speak(text: string, voice: SpeechSynthesisVoice): void {
  speechSynthesis.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.voice = voice;
  u.lang = voice.lang;
  speechSynthesis.speak(u);
}
