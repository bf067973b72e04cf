// Runs in: main. The books module's front door: its endpoints (books listen to no domain events: chapters are
// ordinary texts, kept in step by the texts module).
import type { Module } from '../../registry';
import { bookHandlers } from './handlers';

export const booksModule: Module = {
  name: 'books',
  handlers: bookHandlers,
  listeners: {},
};
