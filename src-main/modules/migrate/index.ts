// Runs in: main. The migrate module's front door: imports from LWT and Lute.
import type { Module } from '../../registry';
import { migrateHandlers } from './handlers';
import { resumeInterruptedMoves, undoMoveJob } from './interrupted';

export const migrateModule: Module = {
  name: 'migrate',
  handlers: migrateHandlers,
  listeners: {},
  // A move-in a killed run left half done is undone (interrupted.ts); a start without one writes nothing.
  start: resumeInterruptedMoves,
  jobs: { 'migrate.undoMove': undoMoveJob },
};
