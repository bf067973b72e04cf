// Runs in: main and worker threads. Long-lived helpers shared by handlers (caches, clients). Modules add their own here.
import type { Config } from './config';
import type { CuratedDictionaryDto } from '../../src-shared/contract/dictionaries';
import { createEventListeners, type EventListeners } from './events';
import type { JobRunner } from './jobs';

/** Test-only allowance for outbound fetches to 127.0.0.1 servers a test started. Never set from env. */
export interface OutboundAllowance {
  allowHosts: string[];
}

export interface Services {
  dataDir: string;
  outboundAllowance: OutboundAllowance | null;
  /** Tests only: a shorter deadline for feed/article/library downloads (src-main/net/download.ts). */
  outboundTimeoutMs?: number;
  /**
   * The core's app-lifetime caches (parsed lemma files, similar-terms indexes, sql.js), cleared when the
   * database is replaced. Reach them through a named, typed slot (`cacheSlot<T>(name)` below), not by key.
   */
  cache: Map<string, unknown>;
  /**
   * What is bound once for the core's lifetime (the AnkiConnect port's control, the sql.js loader, a test's restore
   * hook): never cleared when the database is emptied, restored or taken over, unlike `cache`. Reach it through
   * `bindingSlot<T>(name)`. Issue 51: the port's control lived in `cache`, so after "Empty database" Settings lost
   * its address and could not listen until a restart.
   */
  bindings: Map<string, unknown>;
  /** Tests only: replaces resources/curated-dictionaries.json (its URLs still go through the outbound guard). */
  curatedDictionaries?: CuratedDictionaryDto[];
  /** This core's domain-event listeners (core/events.ts): per core, not per process. */
  events: EventListeners;
  /** The core's job runner (core/jobs.ts): work that follows a write. Set by the core. */
  jobs?: JobRunner;
  /** The core's database file and the one way to replace it (restore). Set by the core. */
  database?: DatabaseControl;
  /** The desktop window, when there is one (set by the Electron shell; absent in serve mode and in workers). */
  desktop?: DesktopWindow;
}

/** What a handler may ask of the desktop window: a tool's "show it in Lectio" (AnkiConnect's guiBrowse). */
export interface DesktopWindow {
  /** Brings the window forward (restored, focused) on one of Lectio's own pages, e.g. `/vocabulary?ids=4,7`. */
  show(path: string): void;
}

export interface DatabaseControl {
  /** The live database file. */
  file: string;
  /**
   * Closes the connection (folding the WAL back in), runs `swap` on the closed files, then reopens the file
   * (with migrations) and every later handler context uses the new connection. If `swap` throws, the old
   * file is reopened and the error passed on.
   */
  replaceWhileClosed(swap: (file: string) => void): void;
  /** Many rows changed (a large import): the planner's statistics are refreshed soon, an index at a time (db/statistics.ts). */
  afterLargeImport(): void;
}

export function createServices(config: Config, outboundAllowance: OutboundAllowance | null): Services {
  return { dataDir: config.dataDir, outboundAllowance, cache: new Map(), bindings: new Map(), events: createEventListeners() };
}

/** One named, typed entry of `services.cache`. */
export interface CacheSlot<T> {
  readonly name: string;
  get(services: Services): T | undefined;
  set(services: Services, value: T): T;
  delete(services: Services): void;
}

/** A named slot; the name is the key in `services.cache`, so it must be unique (prefix it with the module). */
export function cacheSlot<T>(name: string): CacheSlot<T> {
  return {
    name,
    get: (services) => services.cache.get(name) as T | undefined,
    set: (services, value) => (services.cache.set(name, value), value),
    delete: (services) => void services.cache.delete(name),
  };
}

/** A named slot of `services.bindings`: set once (at start), kept across database swaps. Same shape as a cache slot. */
export function bindingSlot<T>(name: string): CacheSlot<T> {
  return {
    name,
    get: (services) => services.bindings.get(name) as T | undefined,
    set: (services, value) => (services.bindings.set(name, value), value),
    delete: (services) => void services.bindings.delete(name),
  };
}

/** A family of slots keyed by an id (one per language, per user, …): `family(id)` is that id's slot. */
export function cacheSlots<T>(prefix: string): (id: string | number) => CacheSlot<T> {
  const slots = new Map<string, CacheSlot<T>>();
  return (id) => {
    const name = `${prefix}:${id}`;
    let slot = slots.get(name);
    if (!slot) slots.set(name, (slot = cacheSlot<T>(name)));
    return slot;
  };
}
