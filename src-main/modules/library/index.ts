// Runs in: main. The library module's front door: Gutendex, the Global Digital Library, web articles, coverage.
import type { Module } from '../../registry';
import { libraryHandlers } from './handlers';

export const libraryModule: Module = { name: 'library', handlers: libraryHandlers, listeners: {} };
