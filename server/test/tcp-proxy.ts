import net from 'node:net';

/**
 * - `pass`: bytes flow both ways.
 * - `refuse`: what a stopped server looks like: new connections are refused (nothing listens)
 *   and open ones are reset.
 * - `freeze`: what a hung host or a dead network looks like: connections are accepted and kept,
 *   but nothing is forwarded either way until `pass` again.
 */
export type ProxyMode = 'pass' | 'refuse' | 'freeze';

interface Link {
  client: net.Socket;
  upstream?: net.Socket;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL), so a test can take that server
 * away from one client without stopping it for everybody else who uses it.
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly links = new Set<Link>();
  private currentMode: ProxyMode = 'pass';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Proxies the host and port of a `postgres://` URL; the rest of the URL is kept. */
  static forUrl(url: string): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy({ host: parsed.hostname, port: Number(parsed.port || 5432) });
  }

  async start(): Promise<this> {
    await this.listen();
    return this;
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  async setMode(mode: ProxyMode): Promise<void> {
    if (mode === this.currentMode) return;
    const previous = this.currentMode;
    this.currentMode = mode;
    if (mode === 'refuse') {
      const closed = this.closeListener();
      // A reset, as a server that went away leaves behind; a polite FIN would look like a logout.
      for (const link of this.links) this.drop(link, true);
      await closed;
      return;
    }
    if (previous === 'refuse') await this.listen();
    for (const link of this.links) {
      if (mode === 'freeze') this.hold(link);
      else this.forward(link);
    }
  }

  async stop(): Promise<void> {
    this.currentMode = 'refuse';
    const closed = this.closeListener();
    for (const link of this.links) this.drop(link);
    await closed;
  }

  private async listen(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // Back on the same port after a refusal: clients keep the URL they were given.
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** Stops listening at once; resolves when the connections it accepted are gone too. */
  private closeListener(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  private accept(client: net.Socket): void {
    const link: Link = { client };
    this.links.add(link);
    client.on('error', () => this.drop(link));
    client.on('close', () => this.drop(link));
    if (this.currentMode === 'refuse') return this.drop(link);
    // Until forwarded, whatever the client sends waits in its socket.
    client.pause();
    if (this.currentMode === 'pass') this.forward(link);
  }

  private forward(link: Link): void {
    if (!link.upstream) {
      const upstream = net.connect(this.target.port, this.target.host);
      link.upstream = upstream;
      upstream.pause();
      upstream.on('error', () => this.drop(link));
      upstream.on('close', () => this.drop(link));
    }
    link.client.pipe(link.upstream);
    link.upstream.pipe(link.client);
  }

  private hold(link: Link): void {
    link.client.unpipe();
    link.client.pause();
    link.upstream?.unpipe();
    link.upstream?.pause();
  }

  private drop(link: Link, reset = false): void {
    if (!this.links.delete(link)) return;
    for (const socket of [link.client, link.upstream]) {
      if (reset && socket && !socket.connecting) socket.resetAndDestroy();
      else socket?.destroy();
    }
  }
}
