// Runs in: renderer. Keeps the interface language in step with the learner's `uiLanguage` setting.
import { useApp } from '../../stores/app';
import { applyUiLanguage } from './index';

/** Called once at start (main.tsx): settings loading or Settings saving the choice switches the interface at once. */
export function syncUiLanguageWithSettings(): void {
  let last: string | undefined;
  useApp.subscribe((s) => {
    if (!s.ready || s.settings.uiLanguage === last) return;
    last = s.settings.uiLanguage;
    applyUiLanguage(last);
  });
}
