// Runs in: main. Whisper endpoints (transcription through the NLP service), subtitle import, attaching audio to a text.
import { listeningContract } from '../../../src-shared/contract/listening';
import { implement } from '../../registry';
import * as service from './service';

const c = listeningContract;

export const transcriptionHandlers = implement(
  {
    'whisper.available': c['whisper.available'],
    'whisper.languages': c['whisper.languages'],
    'whisper.models': c['whisper.models'],
    'whisper.transcribe': c['whisper.transcribe'],
    'whisper.status': c['whisper.status'],
    'whisper.result': c['whisper.result'],
    'whisper.cancel': c['whisper.cancel'],
    'whisper.createText': c['whisper.createText'],
    'texts.importSubtitles': c['texts.importSubtitles'],
    'texts.attachAudio': c['texts.attachAudio'],
  },
  {
    'whisper.available': (ctx) => service.available(ctx),
    'whisper.languages': (ctx) => service.languages(ctx),
    'whisper.models': (ctx) => service.models(ctx),
    'whisper.transcribe': (ctx, input) => service.transcribe(ctx, input),
    'whisper.status': (ctx, { job_id }) => service.status(ctx, job_id),
    'whisper.result': (ctx, { job_id }) => service.result(ctx, job_id),
    'whisper.cancel': (ctx, { job_id }) => service.cancel(ctx, job_id),
    'whisper.createText': (ctx, input) => service.createTextFromJob(ctx, input),
    'texts.importSubtitles': (ctx, input) => service.importSubtitles(ctx, input),
    'texts.attachAudio': (ctx, { id, file }) => service.attachAudio(ctx, id, file),
  },
);
