// Runs in: main. The annotate module's front door: the reader's rules on text that is not stored (browser extension).
import type { Module } from '../../registry';
import { annotateHandlers } from './handlers';

export const annotateModule: Module = { name: 'annotate', handlers: annotateHandlers, listeners: {} };
