import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A port for a server a test starts. The kernel hands out ports for `listen(0)` and for every
 * outgoing connection from its ephemeral range (Linux: 32768–60999); a port found free there and
 * closed before the server binds it could be taken in between by another test's receiver or client
 * socket, and the readiness probe then reached that receiver, which answers 200 to anything. So the
 * port is picked at random below that range, where nothing is handed out unasked, and checked free.
 * Two picks of the same port (1 in ~20,000) are caught by startServer: the second server cannot
 * bind, never says it is listening, and is started again on another port.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let i = 0; i < 100; i++) {
    const port = low > 12_000 ? 10_000 + Math.floor(Math.random() * (low - 10_000)) : 0;
    const bound = await new Promise<number | null>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '127.0.0.1', () => {
        const { port: got } = srv.address() as { port: number };
        srv.close(() => resolve(got));
      });
    });
    if (bound) return bound;
  }
  throw new Error('no free port below the ephemeral range');
}

function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 49_152; // the IANA dynamic range, macOS's default
  }
}
