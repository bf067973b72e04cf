// Runs in: main. The one table of handlers. IPC and HTTP adapters both dispatch through it.
import type { z } from 'zod';
import { ENDPOINT_ACCESS, type EndpointAccess, type EndpointSpec, type HttpMethod, type UploadSpec } from '../src-shared/contract/endpoint';
import type { HandlerContext } from './core/context';
import type { Listeners } from './core/events';
import type { JobHandlers } from './core/jobs';
import type { CurrentUser } from './db/scope';

export interface Handler<I extends z.ZodType = z.ZodType, O = unknown> {
  name: string;
  method: HttpMethod;
  path?: string;
  /** Who may call it, from its contract declaration (src-shared/contract/endpoint.ts EndpointAccess). */
  access: EndpointAccess;
  aliases?: string[];
  deprecatedSuccessor?: string;
  upload?: UploadSpec;
  maxBodyBytes?: number;
  input: I;
  run(ctx: HandlerContext, input: z.output<I>): O | Promise<O>;
}

type RunFns<C extends Record<string, EndpointSpec>> = {
  [K in keyof C]: (
    ctx: HandlerContext,
    input: C[K] extends EndpointSpec<infer I, unknown> ? z.output<I> : never,
  ) => (C[K] extends EndpointSpec<z.ZodType, infer O> ? O : never) | Promise<C[K] extends EndpointSpec<z.ZodType, infer O> ? O : never>;
};

/** Binds run functions to a module's contract; the compiler checks every endpoint has one, with the right types. */
export function implement<C extends Record<string, EndpointSpec>>(contract: C, runs: RunFns<C>): Handler[] {
  return Object.entries(contract).map(([name, spec]) => ({
    name,
    method: spec.method,
    path: spec.path,
    access: spec.access,
    aliases: spec.aliases,
    deprecatedSuccessor: spec.deprecatedSuccessor,
    upload: spec.upload,
    maxBodyBytes: spec.maxBodyBytes,
    input: spec.input,
    run: runs[name as keyof C] as Handler['run'],
  }));
}

/**
 * A module's front door (Actual's createApp shape): its endpoints and its domain-event subscriptions, exported
 * as one object from src-main/modules/<name>/index.ts and combined in src-main/modules/index.ts. Other modules
 * call its service.ts; nothing is wired by importing a file for its side effect.
 */
export interface Module {
  name: string;
  handlers: Handler[];
  listeners: Listeners;
  /** Handlers of the jobs the module enqueues (core/jobs.ts): work that follows its writes, run by the core's runner. */
  jobs?: JobHandlers;
  /**
   * Background work (a scheduler), started by the core once the database is open and stopped by `close()`
   * before it closes: a module keeps no timer of its own outside the core's life, so a closed or test core
   * leaves none behind.
   */
  start?(host: JobHost): BackgroundJob;
}

/** What a module's background work gets from the core: contexts on the current connection (a restore swaps it). */
export interface JobHost {
  context(user?: CurrentUser): HandlerContext;
}

export interface BackgroundJob {
  /** True from start until stop(): the job's timer is armed. */
  running(): boolean;
  stop(): void;
}

export class Registry {
  private readonly byName = new Map<string, Handler>();

  constructor(handlers: Handler[]) {
    for (const h of handlers) {
      if (this.byName.has(h.name)) throw new Error(`Handler registered twice: ${h.name}`);
      // The type requires it; this catches a handler built around the types (a cast, plain JS) before it serves anyone.
      if (!(ENDPOINT_ACCESS as readonly string[]).includes(h.access)) throw new Error(`Handler ${h.name} declares no access (who may call it)`);
      this.byName.set(h.name, h);
    }
  }

  get(name: string): Handler | undefined {
    return this.byName.get(name);
  }

  all(): Handler[] {
    return [...this.byName.values()];
  }
}
