// Runs in: main. The app's release number and date, reported by /api/v1/version.
export const APP_VERSION = '0.1.0';
export const APP_RELEASE_DATE = '2026-11-21';
