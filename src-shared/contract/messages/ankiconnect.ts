// Runs in: any process. Server messages of Lectio's AnkiConnect server (issue 29). They travel as AnkiConnect error
// strings (English) to the mining tool, which shows them to the learner; the app shows them in its own language.
export const ankiConnectMessages = {
  'ankiconnect.originNotAllowed': 'Lectio has not allowed {origin} yet: ask for permission from the tool (requestPermission) and allow it in Lectio',
  'ankiconnect.nullOrigin': 'A page without an origin (Origin: null) may not use Lectio’s AnkiConnect server',
  'ankiconnect.scope': 'This key may not call {action}: its app needs the {scope} permission (Settings → Connected apps)',
  'ankiconnect.badParams': 'Invalid params for {action}: {why}',
  'ankiconnect.badSearch': 'Search not understood: {why}',
  'ankiconnect.noTermField':
    'The note has no field Lectio reads as the term (it has: {fields}); name one Term, Expression, Word or Front, or map it in Settings → AnkiConnect',
  'ankiconnect.noWord':
    'Lectio keeps words, and this note has none ({field} is “[empty]”): add the word first (from Yomitan, or in Lectio), then update its note with the sentence, audio and picture (mpvacious: Ctrl+M)',
  'ankiconnect.tooManyNotes': '{count} notes in one call; at most {max}',
  'ankiconnect.answerTooLarge':
    'This call asks for more than Lectio answers at once ({ids} note ids or {notes} notes in all); ask in smaller calls or narrow the search',
  'ankiconnect.localPath': 'Lectio does not read files by path ({filename}); send the file as data (base64) or url',
  'ankiconnect.noMediaData': '{filename} has neither data nor url',
  'ankiconnect.badBase64': 'The data of {filename} is not base64',
  'ankiconnect.nestedMulti': 'multi cannot run another multi',
  'ankiconnect.invalidJson': 'The request is not valid JSON',
  'ankiconnect.mediaTooLarge': '{filename} is larger than {mb} MB: Lectio keeps mined media up to that size',
  'ankiconnect.mediaPerDay': 'Lectio has stored {mb} MB of mined media today, as much as a day allows; {filename} was not stored',
  'ankiconnect.bodyTooLarge': 'The request is larger than {mb} MB (send smaller media files)',
  'ankiconnect.portMultiUser': 'The AnkiConnect port opens in single-user mode only; with accounts, paste Lectio’s address with /ankiconnect',
  'ankiconnect.unavailable': 'Lectio could not answer this call; try again',
  'ankiconnect.otherDeck': '“{term}” cannot move to {deck}: in Lectio a deck is a language, and a term stays in its own',
} as const;
