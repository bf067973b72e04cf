// Runs in: renderer. What a file dropped anywhere on the window can become, in the order the choice offers them.
// Each feature that takes dropped files exports its handler; this list is the one place they are gathered.
// A screen that takes files only while it is open (the reader's audio) adds its own with useScreenDropHandler.
import type { DropHandler } from '../lib/drop';
import { dictionaryDrop } from '../features/dictionaries/dropHandler';
import { apkgDrop } from '../features/anki/dropHandler';
import { textFileDrop } from '../features/texts/dropHandler';
import { epubDrop } from '../features/books/dropHandler';

export const WINDOW_DROP_HANDLERS: readonly DropHandler[] = [dictionaryDrop, apkgDrop, textFileDrop, epubDrop];
