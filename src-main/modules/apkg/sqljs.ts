// Runs in: main and worker threads. The one way this module gets sql.js (SQLite compiled to WebAssembly), which reads and writes
// the collections inside .apkg files in memory. Our own store never uses it.
//
// SPEC Errors: on a runtime without SQLite support, package export and import stop with a message naming the
// missing requirement and nothing else is affected. So the wasm is loaded lazily, per core, through a loader
// tests can replace (setSqlJsLoader) to inject the failure.
import type { SqlJsStatic } from 'sql.js';
import { unavailable } from '../../../src-shared/contract/errors';
import { bindingSlot, cacheSlot, type Services } from '../../core/services';
import { loadSqlJs as loadPackagedSqlJs } from '../../core/sqljs-loader';
import { msg } from '../../../src-shared/contract/messages';

export type SqlJsLoader = () => Promise<SqlJsStatic>;

const loaderSlot = bindingSlot<SqlJsLoader>('apkg.sqljs.loader');
const instanceSlot = cacheSlot<Promise<SqlJsStatic>>('apkg.sqljs.instance');

/** Loads the wasm that ships with the sql.js package (src-main/core/sqljs-loader.ts), lazily. */
export const defaultSqlJsLoader: SqlJsLoader = loadPackagedSqlJs;

/** Replaces the loader for one core (tests inject a failing one); clears any instance already loaded. */
export function setSqlJsLoader(services: Services, loader: SqlJsLoader): void {
  loaderSlot.set(services, loader);
  instanceSlot.delete(services);
}

/** sql.js, loaded once per core. A failure is not cached, so a later attempt may succeed. */
export async function loadSqlJs(services: Services): Promise<SqlJsStatic> {
  const cached = instanceSlot.get(services);
  if (cached) return cached;
  const loader = loaderSlot.get(services) ?? defaultSqlJsLoader;
  const pending = (async () => {
    try {
      return await loader();
    } catch (err) {
      instanceSlot.delete(services);
      throw unavailable(msg('apkg.noSqlite', { why: (err as Error)?.message ?? String(err) }));
    }
  })();
  instanceSlot.set(services, pending);
  return pending;
}
