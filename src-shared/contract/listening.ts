// Runs in: any process. Listening: transcription through the NLP service (whisper), video transcripts
// (YouTube), subtitle import, sentence timings of texts, and the media files kept with texts.
import { z } from 'zod';
import { bodyBytesForChars, endpoint, idParam, returns } from './endpoint';
import type { TextDto } from './texts';
import { type Message } from './messages';
import { MEDIA_MAX_BYTES, mediaUpload } from './media';

/** Largest subtitle file (bytes). */
export const SUBTITLES_MAX_BYTES = 10 * 1024 * 1024;

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

export interface JobStatusDto {
  job_id: string;
  status: JobStatus;
  /** 0 … 100. */
  progress: number;
  /** A human label of what the service is doing ("Uploading", "Transcribing", …). */
  stage: string;
  filename: string;
  error?: string;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

export interface JobResultDto {
  job_id: string;
  filename: string;
  text: string;
  language: string;
  duration_seconds: number | null;
  segments: TranscriptSegment[];
  /** Where the uploaded media is served (attach it to the new text as TxAudioURI). */
  media_url: string | null;
}

export interface SentenceTimingDto {
  /** SeOrder of the sentence (1-based). */
  order: number;
  /** Seconds. */
  start: number;
  end: number;
}

export interface CaptionTrackDto {
  id: string;
  language: string;
  name: string;
  /** 'standard' | 'asr' (automatic) | 'forced'. */
  kind: string;
}

export interface VideoDto {
  video_id: string;
  url: string;
  title: string;
  channel: string;
  description: string;
  captions: CaptionTrackDto[];
  /** The transcript from the chosen (or first) public caption track, when there is one. */
  transcript: { language: string; text: string; cues: TranscriptSegment[] } | null;
  /** Why there is no transcript (no public captions, the caption body could not be read, …). */
  transcript_note?: string;
  /** The same by message code (src-shared/contract/messages.ts), for the interface language. */
  transcript_note_message?: Message;
}

export interface SubtitleImportDto {
  text: TextDto;
  cues: number;
  /** Broken cues skipped. */
  skipped: number;
  timings: number;
}

const jobId = z.string().trim().min(1).max(64);
/** The YouTube video id or a watch/short/embed/youtu.be URL (reduced to the id by the service). */
const videoRef = z.string().trim().min(1, 'video_id is required').max(2000);

export const timingsInput = z
  .array(
    z.object({
      order: z.coerce.number().int().positive(),
      start: z.coerce.number().min(0).max(86_400),
      end: z.coerce.number().min(0).max(86_400).optional(),
    }),
  )
  .max(100_000);

export const listeningContract = {
  'whisper.available': endpoint({
    method: 'GET',
    path: '/api/v1/whisper/available',
    access: 'read',
    input: z.object({}),
    output: returns<{ available: boolean }>(),
  }),
  'whisper.languages': endpoint({
    method: 'GET',
    path: '/api/v1/whisper/languages',
    access: 'read',
    input: z.object({}),
    output: returns<{ languages: { code: string; name: string }[] }>(),
  }),
  'whisper.models': endpoint({ method: 'GET', path: '/api/v1/whisper/models', access: 'read', input: z.object({}), output: returns<{ models: string[] }>() }),
  'whisper.transcribe': endpoint({
    method: 'POST',
    path: '/api/v1/whisper/transcribe',
    access: 'import',
    upload: { toDisk: true, maxBytes: MEDIA_MAX_BYTES },
    input: z.object({
      file: mediaUpload,
      language: z.string().trim().max(16).optional(),
      model: z.string().trim().max(64).optional(),
    }),
    output: returns<JobStatusDto>(),
  }),
  'whisper.status': endpoint({
    method: 'GET',
    path: '/api/v1/whisper/status/:job_id',
    access: 'read',
    input: z.object({ job_id: jobId }),
    output: returns<JobStatusDto>(),
  }),
  'whisper.result': endpoint({
    method: 'GET',
    path: '/api/v1/whisper/result/:job_id',
    access: 'read',
    input: z.object({ job_id: jobId }),
    output: returns<JobResultDto>(),
  }),
  'whisper.cancel': endpoint({
    method: 'DELETE',
    path: '/api/v1/whisper/job/:job_id',
    access: 'import',
    input: z.object({ job_id: jobId }),
    output: returns<JobStatusDto>(),
  }),
  'whisper.createText': endpoint({
    method: 'POST',
    path: '/api/v1/whisper/job/:job_id/text',
    access: 'import',
    input: z.object({
      job_id: jobId,
      language_id: z.coerce.number().int().positive('language_id must be a positive language id'),
      title: z.string().trim().min(1).max(200),
      text: z.string().trim().min(1, 'The text is empty').max(1_000_000),
    }),
    output: returns<TextDto>(),
    maxBodyBytes: bodyBytesForChars(1_000_000),
  }),

  'youtube.configured': endpoint({
    method: 'GET',
    path: '/api/v1/youtube/configured',
    access: 'read',
    input: z.object({}),
    output: returns<{ configured: boolean; api_key: boolean }>(),
  }),
  'youtube.list': endpoint({
    method: 'GET',
    path: '/api/v1/youtube',
    access: 'read',
    input: z.object({ video_id: videoRef }),
    output: returns<{ video_id: string; captions: CaptionTrackDto[] }>(),
  }),
  'youtube.video': endpoint({
    method: 'GET',
    path: '/api/v1/youtube/video',
    access: 'read',
    input: z.object({ video_id: videoRef, lang: z.string().trim().max(20).optional() }),
    output: returns<VideoDto>(),
  }),
  'youtube.import': endpoint({
    method: 'POST',
    path: '/api/v1/youtube/import',
    access: 'import',
    input: z.object({
      video_id: videoRef,
      lang: z.string().trim().max(20).optional(),
      language_id: z.coerce.number().int().positive('language_id must be a positive language id'),
      title: z.string().trim().max(200).optional(),
    }),
    output: returns<TextDto>(),
  }),

  'texts.importSubtitles': endpoint({
    method: 'POST',
    path: '/api/v1/texts/import-subtitles',
    access: 'import',
    upload: { toDisk: true, maxBytes: MEDIA_MAX_BYTES },
    input: z.object({
      file: mediaUpload,
      language_id: z.coerce.number().int().positive('language_id must be a positive language id'),
      title: z.string().trim().max(200).optional(),
      source_uri: z.string().trim().max(2000).optional(),
      audio: mediaUpload.optional(),
    }),
    output: returns<SubtitleImportDto>(),
  }),
  // The reader's "Attach audio" (a picked or dropped file): kept as a media file, the text's TxAudioURI set to it.
  'texts.attachAudio': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/audio',
    access: 'import',
    upload: { toDisk: true, maxBytes: MEDIA_MAX_BYTES },
    input: z.object({ id: idParam, file: mediaUpload }),
    output: returns<TextDto>(),
  }),
  'texts.timings': endpoint({
    method: 'GET',
    path: '/api/v1/texts/:id/timings',
    access: 'read',
    input: z.object({ id: idParam }),
    output: returns<SentenceTimingDto[]>(),
  }),
  'texts.saveTimings': endpoint({
    method: 'PUT',
    path: '/api/v1/texts/:id/timings',
    access: 'import',
    input: z.object({ id: idParam, timings: timingsInput }),
    output: returns<SentenceTimingDto[]>(),
    // 100,000 timings of {start, end} in JSON.
    maxBodyBytes: 8 * 1024 * 1024,
  }),
};
