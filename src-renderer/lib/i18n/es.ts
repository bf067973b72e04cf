// Runs in: renderer. The Spanish catalogue. Typed as a Catalogue, so a key missing here fails the type check.
import type { Catalogue } from './index';
import { frame } from './es/frame';
import { settings } from './es/settings';

export const es: Catalogue = { ...frame, ...settings };
