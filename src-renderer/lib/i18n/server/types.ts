// Runs in: renderer. A language's version of a server message area: every code, a text or plural forms (by `count`).
import type { Entry } from '../types';

export type ServerTranslation<T> = { [K in keyof T]: Entry };
