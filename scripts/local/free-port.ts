import net from 'node:net';

// Chosen below the ephemeral ranges (Linux 32768–60999, macOS and Windows 49152–65535): the
// operating system also hands those ports out as the local ports of outgoing connections, so a
// port picked there can be taken by one before the service that is to listen on it binds it.
const FIRST_PORT = 10_000;
const LAST_PORT = 32_767;

/** A TCP port that nothing listens on right now, on any address. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${LAST_PORT}`);
}

/** Whether a server could listen on `port` on every address (what a service bound to 0.0.0.0 needs). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
