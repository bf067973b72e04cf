// Runs in: renderer. Window-wide drag-and-drop: features register what files they take; a drop on the
// window goes to the one handler that accepts it, or asks the user when several do.
export interface DropHandler {
  id: string;
  /** Shown when several handlers accept the same file, e.g. "Import as dictionary". */
  label: string;
  description?: string;
  accepts(file: File): boolean;
  handle(files: File[]): void | Promise<void>;
}

const handlers: DropHandler[] = [];

export function registerDropHandler(handler: DropHandler): () => void {
  const i = handlers.findIndex((h) => h.id === handler.id);
  if (i >= 0) handlers.splice(i, 1);
  handlers.push(handler);
  return () => {
    const j = handlers.indexOf(handler);
    if (j >= 0) handlers.splice(j, 1);
  };
}

export const dropHandlersFor = (files: File[]): DropHandler[] => handlers.filter((h) => files.every((f) => h.accepts(f)));

/** Lower-case extension including compound ones: "x.tar.gz" → ".tar.gz". */
export function fileExtension(name: string): string {
  const lower = name.toLowerCase();
  for (const compound of ['.tar.gz', '.tar.bz2', '.tar.xz', '.idx.gz', '.dict.dz']) if (lower.endsWith(compound)) return compound;
  const i = lower.lastIndexOf('.');
  return i >= 0 ? lower.slice(i) : '';
}
