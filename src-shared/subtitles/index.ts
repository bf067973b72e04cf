// Runs in: any process (pure). Subtitle parsing and cue-to-sentence joining (see parse.ts, join.ts).
export * from './parse';
export * from './join';

/** Largest subtitle file accepted (bytes). */
export const SUBTITLE_MAX_BYTES = 10 * 1024 * 1024;
export const isSubtitleName = (name: string) => /\.(srt|vtt)$/i.test(name);
