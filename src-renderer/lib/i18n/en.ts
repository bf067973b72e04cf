// Runs in: renderer. The English catalogue: the source of every key (other languages are typed against it).
import { frame } from './en/frame';
import { settings } from './en/settings';

export const en = { ...frame, ...settings };

export type MessageKey = keyof typeof en;
