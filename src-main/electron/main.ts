// Runs in: Electron main. Entry point of the desktop app (bundled to dist/main/electron-main.cjs).
import * as electron from 'electron';
import { autoUpdater } from 'electron-updater';
import { defaultPreloadPath, startElectronApp } from './app';

// Linux: Chromium reaches the system's voices (speech-dispatcher) only with this switch; without it the reader
// would never have a voice to read aloud with, whatever the learner installs.
if (process.platform === 'linux') electron.app.commandLine.appendSwitch('enable-speech-dispatcher');

void startElectronApp({ electron, updater: autoUpdater, preloadPath: defaultPreloadPath(__dirname) });
