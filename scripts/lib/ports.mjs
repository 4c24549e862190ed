// Ports on 127.0.0.1, for the servers the scripts start (code-server.mjs, startPort.mjs).
import { createServer } from "node:net";

/** Binding to port 0 and closing gives a port that is free now; code-server then binds it. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be bound on 127.0.0.1 now. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
