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
  /** Per-core cache slots for modules (e.g. parsed lemma files, multi-word indexes). */
  cache: Map<string, unknown>;
  /** Tests only: replaces resources/curated-dictionaries.json (its URLs still go through the outbound guard). */
  curatedDictionaries?: CuratedDictionaryDto[];
}

export function createServices(config: Config, outboundAllowance: OutboundAllowance | null): Services {
  return { dataDir: config.dataDir, outboundAllowance, cache: new Map() };
}
