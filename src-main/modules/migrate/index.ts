// Runs in: main. The migrate module's front door: imports from LWT and Lute.
import type { Module } from '../../registry';
import { migrateHandlers } from './handlers';

export const migrateModule: Module = { name: 'migrate', handlers: migrateHandlers, listeners: {} };
