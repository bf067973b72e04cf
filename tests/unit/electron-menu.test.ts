// The desktop menu's own catalogue (issue 20): every item in each language, the language chosen from the setting
// or the system, roles left to Electron. Built without electron (its types only).
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, MENU_TEXT, menuLocale } from '../../src-main/electron/menu';
import type { ElectronModule } from '../../src-main/electron/app';

const app = { isPackaged: true, getVersion: () => '1.2.3', showAboutPanel: vi.fn() } as unknown as ElectronModule['app'];
const shell = { openExternal: vi.fn(() => Promise.resolve()) } as unknown as ElectronModule['shell'];

type Item = { label?: string; role?: string; submenu?: Item[]; click?: () => void };
const labelsOf = (items: Item[]): string[] => items.flatMap((i) => [...(i.label ? [i.label] : []), ...labelsOf(i.submenu ?? [])]);

describe('the desktop menu', () => {
  it('has every label in Spanish, none left in English', () => {
    const es = buildMenuTemplate(app, vi.fn(), shell, 'es', 'linux') as Item[];
    expect(labelsOf(es)).toEqual([
      'Archivo',
      'Nuevo texto',
      'Biblioteca',
      'Ajustes',
      'Ver',
      'Vocabulario',
      'Repaso',
      'Estadísticas',
      'Acerca de Lectio 1.2.3',
      'Referencia de la API de Lectio',
      'Informar de un problema',
    ]);
    const english = new Set(Object.values(MENU_TEXT.en).map((t) => t.replace(' {version}', '')));
    for (const label of labelsOf(es)) expect(english.has(label.replace(' 1.2.3', '')), label).toBe(false);
  });

  it('keeps the same items and actions in every language', () => {
    const open = vi.fn();
    const en = buildMenuTemplate(app, open, shell, 'en', 'darwin') as Item[];
    const es = buildMenuTemplate(app, open, shell, 'es', 'darwin') as Item[];
    expect(es.map((m) => m.role ?? m.submenu?.length)).toEqual(en.map((m) => m.role ?? m.submenu?.length));
    expect(en[0].role).toBe('appMenu');
    es[1].submenu![0].click!();
    expect(open).toHaveBeenCalledWith('/texts/new');
  });

  it('speaks the setting, else the system language, else English', () => {
    expect(menuLocale('es', 'en-US')).toBe('es');
    expect(menuLocale('en', 'es-ES')).toBe('en');
    expect(menuLocale('', 'es-MX')).toBe('es');
    expect(menuLocale(undefined, 'fr-FR')).toBe('en');
    expect(menuLocale('xx', 'es')).toBe('es');
  });
});
