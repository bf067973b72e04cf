// Runs in: renderer. Reading aloud with the system's voices (Web Speech API): the voice for a language's
// ISO code (exact tag first, then the same primary language), or none — then the speech controls are hidden.
import { useEffect, useState } from 'react';

export function voiceFor(lang: string): SpeechSynthesisVoice | null {
  if (typeof speechSynthesis === 'undefined' || !lang) return null;
  const voices = speechSynthesis.getVoices();
  const want = lang.toLowerCase().replace('_', '-');
  const primary = want.split('-')[0];
  return (
    voices.find((v) => v.lang.toLowerCase().replace('_', '-') === want) ??
    voices.find((v) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === primary) ??
    null
  );
}

/** The voice for a language, following the system's list as it loads (voiceschanged). */
export function useVoice(lang: string | undefined): SpeechSynthesisVoice | null {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(() => voiceFor(lang ?? ''));
  useEffect(() => {
    if (typeof speechSynthesis === 'undefined') return;
    const update = () => setVoice(voiceFor(lang ?? ''));
    update();
    speechSynthesis.addEventListener('voiceschanged', update);
    return () => speechSynthesis.removeEventListener('voiceschanged', update);
  }, [lang]);
  return voice;
}

export function speak(text: string, voice: SpeechSynthesisVoice): void {
  speechSynthesis.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.voice = voice;
  u.lang = voice.lang;
  speechSynthesis.speak(u);
}
