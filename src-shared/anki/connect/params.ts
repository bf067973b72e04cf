// Runs in: any process. The params of the actions Lectio answers, as the mining tools send them (AnkiConnect's
// README; Yomitan's anki-connect.js and anki-note-builder.js; asbplayer's anki.ts; mpvacious's ankiconnect.lua).
// Unknown keys are dropped; what Lectio has no use for (skipHash, video) is accepted and ignored.
import { z } from 'zod';

const MAX_FIELD_CHARS = 1_000_000;

/** A media file a note or storeMediaFile carries: exactly one of data (base64), url or path (which Lectio refuses). */
export const mediaItem = z.object({
  filename: z.string().trim().min(1).max(255),
  data: z.string().optional(),
  url: z.string().max(2000).optional(),
  path: z.string().max(4096).optional(),
  skipHash: z.string().optional(),
  /** Fields the file is named in ([sound:…] or <img>); the note's media role follows the first. */
  fields: z.array(z.string().max(200)).max(50).optional(),
});
export type MediaItem = z.infer<typeof mediaItem>;

/** AnkiConnect takes one media object or a list of them. */
const mediaList = z
  .union([mediaItem, z.array(mediaItem).max(50)])
  .nullish()
  .transform((v) => (v ? (Array.isArray(v) ? v : [v]) : []));

export const noteOptions = z
  .object({
    allowDuplicate: z.boolean().nullish(),
    /** 'deck': duplicates only in the target deck; anything else: the whole collection (AnkiConnect's rule). */
    duplicateScope: z.string().max(50).nullish(),
    duplicateScopeOptions: z
      .object({ deckName: z.string().max(500).nullish(), checkChildren: z.boolean().nullish(), checkAllModels: z.boolean().nullish() })
      .nullish(),
  })
  .nullish();

export const noteParams = z.object({
  deckName: z.string().max(500),
  modelName: z.string().max(500),
  fields: z.record(z.string().max(200), z.string().max(MAX_FIELD_CHARS)),
  tags: z
    .array(z.string().max(200))
    .max(200)
    .nullish()
    .transform((t) => t ?? []),
  options: noteOptions,
  audio: mediaList,
  picture: mediaList,
  video: mediaList,
});
export type NoteParams = z.infer<typeof noteParams>;

export const idList = z.array(z.coerce.number().int().nonnegative()).max(100_000);

export const ACTION_PARAMS = {
  modelFieldNames: z.object({ modelName: z.string().max(500) }),
  findNotes: z.object({ query: z.string().max(10_000) }),
  notesInfo: z.object({ notes: idList.optional(), query: z.string().max(10_000).optional() }),
  cardsInfo: z.object({ cards: idList }),
  canAddNotes: z.object({ notes: z.array(noteParams) }),
  addNote: z.object({ note: noteParams }),
  addNotes: z.object({ notes: z.array(noteParams) }),
  updateNoteFields: z.object({
    note: z.object({
      id: z.coerce.number().int().nonnegative(),
      fields: z.record(z.string().max(200), z.string().max(MAX_FIELD_CHARS)).optional(),
      tags: z.array(z.string().max(200)).max(200).optional(),
      audio: mediaList,
      picture: mediaList,
      video: mediaList,
    }),
  }),
  storeMediaFile: mediaItem.extend({ deleteExisting: z.boolean().nullish() }),
  guiBrowse: z.object({ query: z.string().max(10_000) }),
  guiAddCards: z.object({ note: noteParams }),
  /** AnkiConnect's tags are one string, names separated by spaces. */
  addTags: z.object({ notes: idList, tags: z.string().max(10_000) }),
  areSuspended: z.object({ cards: idList }),
  notesModTime: z.object({ notes: idList }),
  cardsModTime: z.object({ cards: idList }),
  getIntervals: z.object({ cards: idList, complete: z.boolean().nullish() }),
  findModelsByName: z.object({ modelNames: z.array(z.string().max(500)).max(100) }),
  changeDeck: z.object({ cards: idList, deck: z.string().max(500) }),
  guiEditNote: z.object({ note: z.coerce.number().int().nonnegative() }),
  apiReflect: z.object({ scopes: z.array(z.string()).max(10), actions: z.array(z.string()).max(200).nullish() }),
  multi: z.object({ actions: z.array(z.record(z.string(), z.unknown())).max(1000) }),
} as const;

/** The first problem of a zod error, as one short line for an AnkiConnect error string. */
export const paramsProblem = (err: z.ZodError): string => {
  const issue = err.issues[0];
  return issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid params';
};
