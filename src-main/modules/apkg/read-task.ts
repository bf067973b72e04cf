// Runs in: a worker thread (task 'apkg.read', started by service.ts through runInWorker). Opens an uploaded
// .apkg with sql.js and hands back plain data: a hostile collection (a view over an endless recursive query, a
// zstd or zip bomb) costs this worker its heap cap or its deadline, never the main thread.
import type { PackageNote, PackageNoteType, CollectionGeneration } from './package-reader';
import { openPackage } from './package-reader';
import { defaultSqlJsLoader } from './sqljs';

export interface PackageData {
  generation: CollectionGeneration;
  schemaVersion: number;
  noteTypes: PackageNoteType[];
  noteCount: number;
  /** Notes in id order, with their cards. */
  notes: PackageNote[];
}

export async function readPackageTask(input: { data: Uint8Array }): Promise<PackageData> {
  const SQL = await defaultSqlJsLoader();
  const pkg = await openPackage(SQL, input.data);
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
