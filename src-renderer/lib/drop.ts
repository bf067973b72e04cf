// Runs in: renderer. Window-wide drag-and-drop: a drop on the window goes to the one handler that accepts it, or
// asks the user when several do. The handlers are the list in app/drop-handlers.ts, plus the one the open screen
// adds while it is mounted (useScreenDropHandler).
import { useEffect, useRef } from 'react';

export interface DropHandler {
  id: string;
  /** Shown when several handlers accept the same file, e.g. "Import as dictionary". */
  label: string;
  description?: string;
  accepts(file: File): boolean;
  handle(files: File[]): void | Promise<void>;
}

/** The open screens' handlers (normally none or one), after the window's own list. */
const screenHandlers: DropHandler[] = [];

/** While the calling component is mounted, a drop on the window may go to `handler` (it is read fresh on each drop). */
export function useScreenDropHandler(handler: DropHandler): void {
  const current = useRef(handler);
  current.current = handler;
  const id = handler.id;
  useEffect(() => {
    const live: DropHandler = {
      id,
      get label() {
        return current.current.label;
      },
      get description() {
        return current.current.description;
      },
      accepts: (file) => current.current.accepts(file),
      handle: (files) => current.current.handle(files),
    };
    screenHandlers.push(live);
    return () => {
      screenHandlers.splice(screenHandlers.indexOf(live), 1);
    };
  }, [id]);
}

export const dropHandlersFor = (files: File[], windowHandlers: readonly DropHandler[]): DropHandler[] =>
  [...windowHandlers, ...screenHandlers].filter((h) => files.every((f) => h.accepts(f)));

/** Lower-case extension including compound ones: "x.tar.gz" → ".tar.gz". */
export function fileExtension(name: string): string {
  const lower = name.toLowerCase();
  for (const compound of ['.tar.gz', '.tar.bz2', '.tar.xz', '.idx.gz', '.dict.dz']) if (lower.endsWith(compound)) return compound;
  const i = lower.lastIndexOf('.');
  return i >= 0 ? lower.slice(i) : '';
}
