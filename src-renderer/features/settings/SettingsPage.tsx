// Runs in: renderer. Settings: appearance, reading, review and time zone.
import { Field, Page } from '../../components/Page';
import { useApp, type ThemeChoice } from '../../stores/app';
import { showError } from '../../lib/errors';
import { Link } from '../../lib/router';

const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export default function SettingsPage() {
  const { settings, theme, setTheme, saveSetting } = useApp();
  const save = (key: string, value: string) => saveSetting(key, value).catch((err: unknown) => showError(err));
  const width = Number(settings.readingWidth || 70);
  return (
    <Page title="Settings">
      <section className="card form-grid">
        <h2>Appearance</h2>
        <Field label="Theme">
          <select className="input" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
            <option value="system">Follow the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </Field>
      </section>
      <section className="card form-grid">
        <h2>Reading</h2>
        <Field label={`Reading-area width: ${width} %`} hint="40 to 100 % of the window.">
          <input
            type="range"
            min={40}
            max={100}
            step={5}
            value={width}
            onChange={(e) => void save('readingWidth', e.target.value)}
            aria-label="Reading-area width"
          />
        </Field>
        <Field label={`Reader font size: ${settings.readerFontSize || 100} %`}>
          <input
            type="range"
            min={80}
            max={200}
            step={10}
            value={Number(settings.readerFontSize || 100)}
            onChange={(e) => void save('readerFontSize', e.target.value)}
            aria-label="Reader font size"
          />
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={settings.showTranslationHints !== '0'}
            onChange={(e) => void save('showTranslationHints', e.target.checked ? '1' : '0')}
          />
          Show translations when hovering a word
        </label>
      </section>
      <section className="card form-grid">
        <h2>Time zone</h2>
        <Field label="Your days start at midnight in" hint="Used for daily activity and streaks.">
          <select className="input" value={settings.timezone || ''} onChange={(e) => void save('timezone', e.target.value)}>
            <option value="">System ({Intl.DateTimeFormat().resolvedOptions().timeZone})</option>
            {ZONES.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </Field>
      </section>
      <section className="card form-grid">
        <h2>Your data</h2>
        <p className="field-hint">Back up, restore or empty the library; move in from LWT or Lute.</p>
        <p>
          <Link to="/settings/backup">Backup and restore</Link> · <Link to="/import">Move in from LWT or Lute</Link>
        </p>
      </section>
      <section className="card form-grid">
        <h2>Connected apps</h2>
        <p className="field-hint">Browser extensions and scripts that may use this Lectio, each with its own revocable token.</p>
        <p>
          <Link to="/profile">Manage connected apps and API tokens</Link>
        </p>
      </section>
    </Page>
  );
}
