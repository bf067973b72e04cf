// Runs in: main. Where Lectio keeps its data: the same per-user folder for the Electron app and serve mode.
import os from 'node:os';
import path from 'node:path';

export function defaultDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Lectio');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Lectio');
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'Lectio');
}

export const databaseFile = (dataDir: string) => path.join(dataDir, 'lectio.db');
export const lemmaDictionaryDir = (dataDir: string) => path.join(dataDir, 'lemma-dictionaries');
