// Runs in: renderer. Status colours come from the status definitions served by the core:
// this turns them into CSS variables (--status-N / --status-N-dark) once they are loaded.
import { STATUS_UNKNOWN, UNKNOWN_COLOR, UNKNOWN_COLOR_DARK } from '../../src-shared/contract/status';
import { useApp } from '../stores/app';

export function StatusStyles() {
  const defs = useApp((s) => s.statusDefinitions);
  const light = [`--status-${STATUS_UNKNOWN}: ${UNKNOWN_COLOR};`, ...defs.map((d) => `--status-${d.status}: ${d.color};`)].join(' ');
  const dark = [`--status-${STATUS_UNKNOWN}: ${UNKNOWN_COLOR_DARK};`, ...defs.map((d) => `--status-${d.status}: ${d.colorDark};`)].join(' ');
  return <style>{`:root { ${light} } :root[data-theme="dark"] { ${dark} }`}</style>;
}
