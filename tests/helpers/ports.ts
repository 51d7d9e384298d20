// A TCP port nobody listens on right now (the OS picks it; the listener is closed at once).
export async function freePort(): Promise<number> {
  const server = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const { port } = server;
  server.stop(true);
  return port;
}
