// Runs in: renderer. English: read aloud with a system voice, what to do without one, and the word panel's
// translation suggestion (issue 49).
export const readAloud = {
  'readAloud.bar': 'Read aloud',
  'readAloud.play': 'Read aloud',
  'readAloud.playTitle': 'Read the text aloud with {voice}, sentence by sentence (Space; Alt+click a word to read from there)',
  'readAloud.pause': 'Pause',
  'readAloud.resume': 'Resume',
  'readAloud.stop': 'Stop',
  'readAloud.previous': 'Previous sentence ([)',
  'readAloud.next': 'Next sentence (])',
  'readAloud.repeat': 'Repeat (R)',
  'readAloud.speed': 'Speed',
  'readAloud.speedLabel': 'Reading speed',
  'readAloud.normal': 'Normal',
  'readAloud.sentenceOf': 'Sentence {n} of {total}',
  'readAloud.noVoice': 'No voice for {language} on this computer',
  'readAloud.noVoiceTitle': 'Lectio reads aloud with the voices of your system; it has none for {language}.',
  'readAloud.howToAdd': 'How to add one',
  'readAloud.windows': 'Windows: Settings → Time & language → Speech → Manage voices → Add voices, choose the language; then restart Lectio.',
  'readAloud.macos':
    'macOS: System Settings → Accessibility → Spoken Content → System voice → Manage Voices…, tick a voice of the language; then restart Lectio.',
  'readAloud.linux':
    'Linux: install speech-dispatcher and eSpeak NG (for example sudo apt install speech-dispatcher espeak-ng), or another speech-dispatcher voice of the language; then restart Lectio.',
  'readAloud.afterAdding': 'Once the system has a voice, it can be chosen in Languages → Edit → Reading → Voice.',
  'readAloud.noVoiceShort': 'No voice',
  'wordPanel.inThisSentence': 'In this sentence:',
  'wordPanel.suggestTranslation': 'Suggest a translation',
  'wordPanel.suggestTranslationTitle': 'Ask your translation service what this word means in this sentence (shown only; Use puts it in the field)',
};
