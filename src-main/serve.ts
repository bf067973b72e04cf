// Runs in: plain Node. Headless Lectio: the core plus the renderer served as a web app.
import { ConfigError, loadConfig, parseCliArgs } from './core/config';
import { defaultDataDir } from './core/data-dir';
import { startLectio } from './app/start';
import { MigrationError } from './db/migrate';

async function main() {
  let config;
  try {
    config = loadConfig(process.env, parseCliArgs(process.argv.slice(2)), defaultDataDir());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  let running;
  try {
    running = await startLectio(config);
  } catch (err) {
    if (err instanceof MigrationError || err instanceof ConfigError) console.error(err.message);
    else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      console.error(`Port ${config.port} is already in use; pick another with --port N (or --port 0 for any free port).`);
    else console.error('Lectio could not start:', err);
    process.exit(1);
  }
  // The signals are ours before the ready line: a client that stops us as soon as it reads it (a test, a launcher)
  // must find the clean stop, not the default action that kills the process with the WAL unmerged.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running
      .stop()
      .then(() => process.exit(0))
      .catch((err) => {
        console.error(`Error while stopping after ${signal}:`, err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`Lectio listening on ${running.url}`);
  for (const h of config.allowOutboundHosts)
    console.warn(
      `!!! OUTBOUND GUARD OPENED for host ${h} (--allow-outbound-host): feeds and downloads may reach it even on a private or loopback address. For tests only. !!!`,
    );
}

void main();
