// The HTTP door (mock/node/http-door.ts) started in-process on a free loopback port, with raw
// sockets to it, all closed after each test: for the suites that probe its timeouts and bounds
// with clients no fetch would be (stalled uploads, pipelining readers that never read).
import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach } from "vitest";

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Listens on 127.0.0.1 and a free port; closed after the test. */
export async function listening(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

/** A raw connection to the door, destroyed after the test; its errors are the test's to look at, never thrown. */
export function rawSocket(port: number): Socket {
  const socket = connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => undefined);
  return socket;
}
