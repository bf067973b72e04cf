// Runs in: any process. Whether reaching the end of a text means it was read. Jumping to the end of a 6,105-word
// chapter booked 6,105 words read; LingQ asks instead. Reading faster than READ_WORDS_PER_MINUTE is skimming or
// jumping (a fast native reader reads 250-300 words a minute; a learner reads slower), so the reader then asks
// "Mark as read?" rather than counting the words on its own.

/** Faster than this is not reading. */
export const READ_WORDS_PER_MINUTE = 600;
/** A text this short can be read at a glance: reaching its end always counts. */
export const GLANCE_WORDS = 40;

/** True when `words` could have been read in `seconds` of reading. */
export function plausiblyRead(words: number, seconds: number): boolean {
  if (words <= GLANCE_WORDS) return true;
  return seconds >= (words / READ_WORDS_PER_MINUTE) * 60;
}
