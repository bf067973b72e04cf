// Runs in: main. Long-lived helpers shared by handlers (caches, clients). Modules add their own here.
import type { Config } from './config';
import type { CuratedDictionaryDto } from '../../src-shared/contract/dictionaries';

/** Test-only allowance for outbound fetches to 127.0.0.1 servers a test started. Never set from env. */
export interface OutboundAllowance {
  allowHosts: string[];
}

export interface Services {
  dataDir: string;
  outboundAllowance: OutboundAllowance | null;
  /** Tests only: a shorter deadline for feed/article/library downloads (src-main/net/download.ts). */
  outboundTimeoutMs?: number;
  /** Per-core cache slots for modules (e.g. parsed lemma files, multi-word indexes). */
  cache: Map<string, unknown>;
  /** Tests only: replaces resources/curated-dictionaries.json (its URLs still go through the outbound guard). */
  curatedDictionaries?: CuratedDictionaryDto[];
  /** The core's database file and the one way to replace it (restore). Set by the core. */
  database?: DatabaseControl;
}

export interface DatabaseControl {
  /** The live database file. */
  file: string;
  /**
   * Closes the connection (folding the WAL back in), runs `swap` on the closed files, then reopens the file
   * (with migrations) and every later handler context uses the new connection. If `swap` throws, the old
   * file is reopened and the error passed on.
   */
  replaceWhileClosed(swap: (file: string) => void): void;
}

export function createServices(config: Config, outboundAllowance: OutboundAllowance | null): Services {
  return { dataDir: config.dataDir, outboundAllowance, cache: new Map() };
}
