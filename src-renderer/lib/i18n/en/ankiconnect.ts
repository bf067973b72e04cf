// Runs in: renderer. English: Settings → AnkiConnect (mining from Yomitan, asbplayer and mpvacious, issue 29) and the
// word panel's mined media.
export const ankiconnect = {
  'ankiconnect.title': 'AnkiConnect (Yomitan, asbplayer, mpvacious)',
  'ankiconnect.intro':
    'Mining tools that send words to Anki can send them to Lectio instead: each word arrives as a term with its sentence, translation, audio and picture.',
  'ankiconnect.address': 'AnkiConnect address',
  'ankiconnect.addressHint': 'Paste it into the tool’s “AnkiConnect server” field. The first time, the tool asks for permission: allow it here.',
  'ankiconnect.port': 'Also answer at 127.0.0.1:{port}, AnkiConnect’s own address (for tools that cannot be given another)',
  'ankiconnect.newDecks': 'Let a tool add to a deck Lectio has no language for',
  'ankiconnect.newDecksHint':
    'Only a deck named like a language Lectio knows (Italian, Japanese::Mining → Japanese) becomes that language, with its usual settings; any other deck is refused.',
  'ankiconnect.portListening': 'Listening on 127.0.0.1:{port}.',
  'ankiconnect.portInUse': 'Port {port} is taken — Anki with AnkiConnect is probably running. Close Anki, or use the address above.',
  'ankiconnect.portFailed': 'Lectio could not listen on port {port}.',
  'ankiconnect.fields': 'Field names of your note types',
  'ankiconnect.fieldsHint':
    'Lectio already reads Term/Expression/Word/Front as the term, Meaning/Glossary/Definition/Back as the translation, and Reading, Sentence, Notes, Picture/Image and Audio/SentenceAudio. Name other fields here.',
  'ankiconnect.fieldName': 'Field name',
  'ankiconnect.fieldRole': 'Goes into',
  'ankiconnect.addField': 'Add a field',
  'ankiconnect.removeField': 'Remove',
  'ankiconnect.saveFields': 'Save field names',
  'ankiconnect.saved': 'Field names saved',
  'ankiconnect.role.term': 'Term',
  'ankiconnect.role.reading': 'Reading',
  'ankiconnect.role.translation': 'Translation',
  'ankiconnect.role.sentence': 'Sentence',
  'ankiconnect.role.notes': 'Notes',
  'ankiconnect.role.lemma': 'Lemma',
  'ankiconnect.role.picture': 'Picture',
  'ankiconnect.role.audio': 'Audio',
  'ankiconnect.role.tags': 'Tags',
  'ankiconnect.pairingTitle.website': 'A web site asks to use AnkiConnect',
  'ankiconnect.pairingTitle.extension': 'A browser extension asks to use AnkiConnect',
  'ankiconnect.pairingTitle.local': 'A program on this computer asks to use AnkiConnect',
  'ankiconnect.pairingQuestion': 'Allow {origin} to look words up and add them to your library through AnkiConnect?',
  'ankiconnect.pairingQuestionNamed': 'Allow {tool} ({origin}) to look words up and add them to your library through AnkiConnect?',
  'ankiconnect.pairingReach':
    'It will be able to use AnkiConnect only: find, add and change words with their sentence, audio and pictures. It will not be able to read your texts or books, download a backup or change settings.',
  'ankiconnect.pairingHint': 'Yomitan, asbplayer and similar tools ask this the first time they connect. Allow only if you just set one up.',
  'ankiconnect.media': 'Mined media',
  'ankiconnect.playAudio': 'Play the sentence audio ({name})',
} as const;
