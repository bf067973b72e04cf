// Runs in: renderer. Opening the reader from navigation: the reading payload and the reader's code are asked for
// as the app starts, in parallel with the app's own start (languages, settings), instead of one after the other
// once React has mounted the route. This module is part of the entry bundle, so it stays small.
import { lazy, type ComponentType } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { api } from '../../api/client';
import { useApp } from '../../stores/app';

type ReaderModule = { default: ComponentType };

let loaded: ReaderModule | null = null;
let loading: Promise<ReaderModule> | null = null;
const loadReader = () =>
  (loading ??= import('./ReaderPage').then((m) => {
    loaded = m;
    return m;
  }));

/**
 * The reader screen for the route table. Once its code has arrived, the factory hands it over synchronously
 * (a thenable that resolves at once), so the route renders without suspending; React would otherwise hold the
 * screen back behind the fallback for its reveal throttle (300 ms) even when the code is already there.
 */
export const ReaderPageRoute = lazy(() =>
  loaded ? ({ then: (resolve: (m: ReaderModule) => void) => resolve(loaded!) } as unknown as Promise<ReaderModule>) : loadReader(),
);

let pending: { id: number; view: Promise<ReaderView> } | null = null;

/** Starts loading the reader's code and the text's payload when the app starts on /read/{id}. */
export function prefetchReader(path: string): void {
  const m = /^\/read\/(\d+)\/?$/.exec(path);
  // Elsewhere the reader's code arrives once the app is idle, so opening a text later does not wait for it.
  if (!m) return void requestIdleCallback(() => void loadReader(), { timeout: 5000 });
  void loadReader();
  // The app's own start first (the server answers in turn; the reader shows once the app is ready).
  useApp
    .getState()
    .load()
    .catch(() => undefined); // the app reports it: its own load() gets this same promise
  const id = Number(m[1]);
  const view = api.call('reader.view', { id });
  view.catch(() => undefined); // handled by the reader when it takes the promise
  pending = { id, view };
}

/** The payload of text `id`: the one asked for at start (once), else a fresh request. */
export function readerView(id: number): Promise<ReaderView> {
  const p = pending;
  pending = null;
  return p && p.id === id ? p.view : api.call('reader.view', { id });
}
