// Runs in: renderer. The app frame: sidebar navigation, language switcher, theme, the routed screen,
// toasts, dialogs and the window-wide drop target.
// Long because: the frame is one piece. Navigation, the language and theme switchers, the routed screen and
// the window-wide drop share its state (the folded menu, the drag highlight, the remount on a language switch).
import { Suspense, useEffect, useMemo, useState, type DragEvent } from 'react';
import { compilePattern } from '../../src-shared/contract/pages';
import { DialogHost, Toasts } from '../components/Overlays';
import { Spinner } from '../components/Page';
import { Icon } from '../components/Icon';
import { errorMessage } from '../api/client';
import { showError } from '../lib/errors';
import { useApp } from '../stores/app';
import { chooseDialog, toast } from '../stores/ui';
import { dropHandlersFor } from '../lib/drop';
import { WINDOW_DROP_HANDLERS } from './drop-handlers';
import { activeNavItem, NAV_ITEMS } from '../lib/nav';
import { Link, ParamsContext, navigate, useRouter } from '../lib/router';
import { ROUTES } from './routes';
import { StatusStyles } from './StatusStyles';
import { PairingPrompt } from '../features/settings/PairingPrompt';
import { NotFoundPage, NeedsLanguagePage, needsLanguage } from '../components/NeedsLanguage';
import { t, useLocale } from '../lib/i18n';

const compiled = ROUTES.map((r) => ({ ...r, match: compilePattern(r.pattern) }));

function NotFound() {
  return <NotFoundPage path={useRouter((s) => s.path)} />;
}

export function App() {
  const path = useRouter((s) => s.path);
  const { ready, languages, currentLanguageId, setCurrentLanguage, theme, setTheme, load } = useApp();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Phone-sized windows: the navigation folds behind a menu button (app.css), closed again on every page change.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  const activeItem = activeNavItem(path);
  // The whole frame re-renders on a switch of the interface language; the screen is remounted with it.
  const locale = useLocale((s) => s.locale);

  useEffect(() => {
    load().catch((err: unknown) => setLoadError(errorMessage(err)));
  }, [load]);

  const route = useMemo(() => {
    for (const r of compiled) {
      const params = r.match(path);
      if (params) return { component: r.component, params };
    }
    return { component: NotFound, params: {} };
  }, [path]);

  useEffect(() => {
    // Alt+digit arrives as e.key = digit with altKey; map it explicitly.
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.code.replace('Digit', ''));
      if (n >= 1 && n <= 9 && NAV_ITEMS[n - 1]) {
        e.preventDefault();
        navigate(NAV_ITEMS[n - 1].to);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragging(true);
  };
  const onDrop = async (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length === 0) return;
    const candidates = dropHandlersFor(files, WINDOW_DROP_HANDLERS);
    if (candidates.length === 0) {
      toast('error', t('frame.dropUnknown', { files: files.map((f) => f.name).join(', ') }));
      return;
    }
    let chosen = candidates[0];
    if (candidates.length > 1) {
      const id = await chooseDialog({
        title: t('frame.dropChoose'),
        message: files.map((f) => f.name).join(', '),
        options: candidates.map((c) => ({ value: c.id, label: c.label, description: c.description })),
      });
      const picked = candidates.find((c) => c.id === id);
      if (!picked) return;
      chosen = picked;
    }
    try {
      await chosen.handle(files);
    } catch (err) {
      showError(err);
    }
  };

  const Screen = route.component;
  const missingLanguage = ready && languages.length === 0 && route.component !== NotFound ? needsLanguage(path) : null;
  return (
    <div className="app" onDragOver={onDragOver} onDragLeave={(e) => e.currentTarget === e.target && setDragging(false)} onDrop={(e) => void onDrop(e)}>
      <StatusStyles />
      <nav className={`sidebar${menuOpen ? ' menu-open' : ''}`} aria-label={t('nav.main')}>
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            L
          </span>{' '}
          Lectio
        </Link>
        <button className="btn btn-ghost nav-toggle" aria-expanded={menuOpen} aria-controls="nav-menu" onClick={() => setMenuOpen((o) => !o)}>
          <Icon name="menu" />
          <span className="visually-hidden">{t('frame.menu')}</span>
        </button>
        <div className="nav-menu" id="nav-menu">
          <label className="language-switch">
            <span className="visually-hidden">{t('frame.currentLanguage')}</span>
            <select
              value={currentLanguageId ?? ''}
              onChange={(e) => setCurrentLanguage(e.target.value ? Number(e.target.value) : null)}
              aria-label={t('frame.currentLanguage')}
            >
              {languages.length === 0 && <option value="">{t('frame.noLanguageYet')}</option>}
              {languages.map((l) => (
                <option key={l.LgID} value={l.LgID}>
                  {l.LgName}
                </option>
              ))}
            </select>
          </label>
          <ul>
            {NAV_ITEMS.map((item, i) => (
              <li key={item.to}>
                <Link to={item.to} className={item === activeItem ? 'active' : undefined} title={i < 9 ? `Alt+${i + 1}` : undefined}>
                  <span className="nav-icon">
                    <Icon name={item.icon} />
                  </span>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
          <div className="sidebar-footer">
            <button
              className="btn btn-ghost theme-toggle"
              onClick={() => setTheme(theme === 'dark' ? 'light' : theme === 'light' ? 'system' : 'dark')}
              title={t('frame.themeTitle')}
            >
              <Icon name={theme === 'dark' ? 'moon' : theme === 'light' ? 'sun' : 'system'} />
              {t(theme === 'dark' ? 'frame.themeDark' : theme === 'light' ? 'frame.themeLight' : 'frame.themeSystem')}
            </button>
          </div>
        </div>
      </nav>
      <main className="content" id="main">
        {loadError ? (
          <div className="page">
            <h1>{t('frame.couldNotLoad')}</h1>
            <p className="error-text">{loadError}</p>
          </div>
        ) : !ready ? (
          <Spinner />
        ) : (
          <Suspense fallback={<Spinner />}>
            <ParamsContext.Provider value={route.params}>
              {missingLanguage ? <NeedsLanguagePage title={missingLanguage.title} why={missingLanguage.why} /> : <Screen key={`${locale}:${path}`} />}
            </ParamsContext.Provider>
          </Suspense>
        )}
      </main>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <div>{t('frame.dropFiles')}</div>
        </div>
      )}
      <Toasts />
      <DialogHost />
      <PairingPrompt />
    </div>
  );
}
