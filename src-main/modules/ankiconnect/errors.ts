// Runs in: main. An AnkiConnect error: its text is the answer's `error` (AnkiConnect's own wording, or a coded
// Lectio message said in English), never an HTTP status.
import { messageText, type Message } from '../../../src-shared/contract/messages';

export class AnkiConnectError extends Error {
  constructor(message: string | Message) {
    super(typeof message === 'string' ? message : messageText(message));
    this.name = 'AnkiConnectError';
  }
}
