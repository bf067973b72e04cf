// Runs in: main. Front door of the web-dictionaries module (the word panel's embedded dictionary sites).
import type { Module } from '../../registry';
import { webDictionaryHandlers } from './handlers';

export const webDictionariesModule: Module = { name: 'web-dictionaries', handlers: webDictionaryHandlers, listeners: {} };
