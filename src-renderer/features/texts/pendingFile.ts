// Runs in: renderer. A .txt file dropped on the window waits here until the new-text form picks it up.
let pending: File | null = null;

export function setPendingTextFile(file: File): void {
  pending = file;
}

export function takePendingTextFile(): File | null {
  const f = pending;
  pending = null;
  return f;
}
