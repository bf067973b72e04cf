// Runs in: main. A cap on the connections one client address may hold: a client keeping many idle or slow
// connections open cannot starve the others (serve mode answers a household, and loopback clients too).
import type http from 'node:http';

/** Past `max` open connections from one address, a new one is closed at once. */
export function capConnectionsPerClient(server: http.Server, max: number): void {
  const perClient = new Map<string, number>();
  server.on('connection', (socket) => {
    const key = socket.remoteAddress ?? 'unknown';
    const n = (perClient.get(key) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    perClient.set(key, n);
    socket.once('close', () => {
      const left = (perClient.get(key) ?? 1) - 1;
      if (left <= 0) perClient.delete(key);
      else perClient.set(key, left);
    });
  });
}
