// Runs in: main. Starts the whole core plus the loopback HTTP server; used by serve mode and Electron.
import type { Config } from '../core/config';
import { createCore, type Core } from './core';
import { createHttpServer, type LectioHttpServer } from '../http/server';
import { rendererDir } from '../core/paths';
import { warmTimeZones } from '../core/clock';

export interface Running {
  core: Core;
  http: LectioHttpServer;
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function startLectio(config: Config): Promise<Running> {
  const core = createCore({ config, outboundAllowance: config.allowOutboundHosts.length ? { allowHosts: config.allowOutboundHosts } : undefined });
  if (config.multiUserEnabled && !['127.0.0.1', 'localhost', '::1'].includes(config.host) && config.appUrl?.protocol !== 'https:') {
    core.log.warn(
      `Lectio serves accounts on ${config.host} over plain HTTP: passwords and session cookies cross the network unencrypted. Put it behind an HTTPS reverse proxy and set APP_URL=https://… (see docs/accounts.md).`,
    );
  }
  warmTimeZones();
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
