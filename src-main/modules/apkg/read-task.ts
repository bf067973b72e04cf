// Runs in: a worker thread (task 'apkg.read', started by service.ts through runInWorker). Opens an uploaded
// .apkg with sql.js and hands back plain data: a hostile collection (a view over an endless recursive query, a
// zstd or zip bomb) costs this worker its heap cap or its deadline, never the main thread.
import type { PackageNote, PackageNoteType, CollectionGeneration } from './package-reader';
import { openPackage } from './package-reader';
import { defaultSqlJsLoader } from './sqljs';
import { openFileAccess } from '../../core/file-access';

export interface PackageData {
  generation: CollectionGeneration;
  schemaVersion: number;
  noteTypes: PackageNoteType[];
  noteCount: number;
  /** Notes in id order, with their cards. */
  notes: PackageNote[];
}

/** The package's bytes (IPC), or the temporary file an HTTP upload was streamed to (read by offset, never whole). */
export async function readPackageTask(input: { data: Uint8Array } | { path: string }): Promise<PackageData> {
  const SQL = await defaultSqlJsLoader();
  const file = 'path' in input ? await openFileAccess(input.path) : null;
  const pkg = await openPackage(SQL, file ?? (input as { data: Uint8Array }).data).finally(() => file?.close());
  try {
    return {
      generation: pkg.generation,
      schemaVersion: pkg.schemaVersion,
      noteTypes: [...pkg.noteTypes.values()],
      noteCount: pkg.noteCount,
      notes: [...pkg.notes()],
    };
  } finally {
    pkg.close();
  }
}
