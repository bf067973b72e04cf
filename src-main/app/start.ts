// Runs in: main. Starts the whole core plus the loopback HTTP server; used by serve mode and Electron.
import { ConfigError, type Config } from '../core/config';
import { createCore, type Core } from './core';
import { createHttpServer, type LectioHttpServer } from '../http/server';
import { rendererDir } from '../core/paths';

export interface Running {
  core: Core;
  http: LectioHttpServer;
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function startLectio(config: Config): Promise<Running> {
  if (config.multiUserEnabled) {
    // Accounts (login, registration, per-user sessions) are not part of this version: refuse rather
    // than run a "multi-user" server that would show every row to everyone.
    throw new ConfigError('MULTI_USER_ENABLED', 'multi-user accounts are not available in this version of Lectio; unset it or set it to false');
  }
  const core = createCore({ config, outboundAllowance: config.allowOutboundHosts.length ? { allowHosts: config.allowOutboundHosts } : undefined });
  const httpServer = createHttpServer(core, { rendererDir: rendererDir() });
  let port: number;
  try {
    port = await httpServer.listen(config.port, config.host);
  } catch (err) {
    core.close();
    throw err;
  }
  const hostForUrl = config.host.includes(':') ? `[${config.host}]` : config.host;
  let stopped = false;
  return {
    core,
    http: httpServer,
    port,
    url: `http://${hostForUrl}:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await httpServer.close();
      core.close();
    },
  };
}
