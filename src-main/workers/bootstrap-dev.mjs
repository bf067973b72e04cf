// Runs in: a worker thread, in development and tests only (sources, not the bundle): registers tsx so the
// TypeScript entry can load. Bundled builds start dist/main/worker.cjs directly.
import { register } from 'tsx/esm/api';

register();
await import('./entry.ts');
