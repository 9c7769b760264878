// A TCP forwarder between the app and a real server, so a test can take the server away without
// touching it: close() cuts every live connection and refuses new ones, blackhole() keeps
// connections open but lets no byte through (a server that stopped answering), open() restores
// it on the same port. bytesToServer counts what the app sent: a test can tell that a phase made
// no query at all.
import net from "node:net";

export type TcpForwarder = {
  port: number;
  /** Bytes the app has sent to the server so far. */
  bytesToServer(): number;
  blackhole(): void;
  close(): Promise<void>;
  open(): Promise<void>;
};

export async function startTcpForwarder(target: { host: string; port: number }): Promise<TcpForwarder> {
  const sockets = new Set<net.Socket>();
  let forwarding = true;
  let bytesToServer = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket)).on("error", () => {});
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.on("data", (chunk: Buffer) => {
      bytesToServer += chunk.length;
      if (forwarding) upstream.write(chunk);
    }).on("close", () => upstream.destroy());
    upstream.on("data", (chunk) => forwarding && client.write(chunk)).on("close", () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    bytesToServer: () => bytesToServer,
    blackhole: () => {
      forwarding = false;
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async open() {
      forwarding = true;
      await listen(port);
    },
  };
}
