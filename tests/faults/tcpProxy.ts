import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A loopback TCP proxy standing in front of a real service (PostgreSQL, Redis), so a test can
 * take that service away from one app without touching the machine's service: `stop()` cuts
 * every proxied connection and refuses new ones (each is reset as it arrives), `start()` lets
 * connections through again. The listening port never changes.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private passing = true;

  private constructor(
    private readonly target: { host: string; port: number },
  ) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** Listens on an ephemeral loopback port in front of `target`. */
  static async open(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', () => resolve());
    });
    return proxy;
  }

  /** A URL of the same service, through this proxy (`postgres://user@host:port/db` → this port). */
  static async inFrontOf(serviceUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
    const url = new URL(serviceUrl);
    const proxy = await TcpProxy.open({ host: url.hostname, port: Number(url.port) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return { proxy, url: url.toString() };
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Connections currently proxied. */
  get connections(): number {
    return this.sockets.size;
  }

  private accept(client: net.Socket): void {
    if (!this.passing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.setNoDelay(true);
      s.on('error', () => undefined);
      s.on('close', () => {
        this.sockets.delete(s);
        (s === client ? upstream : client).destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** The service "goes down": every open connection is cut, new ones are refused. */
  stop(): void {
    this.passing = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  /** The service "comes back": new connections pass again. */
  start(): void {
    this.passing = true;
  }

  async close(): Promise<void> {
    this.stop();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
