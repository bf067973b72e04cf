// Runs in: Electron main. Entry point of the desktop app (bundled to dist/main/electron-main.cjs).
import * as electron from 'electron';
import { autoUpdater } from 'electron-updater';
import { defaultPreloadPath, startElectronApp } from './app';

void startElectronApp({ electron, updater: autoUpdater, preloadPath: defaultPreloadPath(__dirname) });
