/**
 * A loopback forward proxy, as a corporate network has one: HTTP CONNECT tunnels (and plain
 * absolute-form HTTP requests), each recorded with its Proxy-Authorization, optionally asking
 * for credentials (407) first. It connects only to loopback targets.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

interface ProxiedCall {
  method: string;
  /** CONNECT's host:port, or the absolute URL of a plain request. */
  target: string;
  proxyAuthorization: string | null;
}

export interface ConnectProxy {
  url: string;
  calls: ProxiedCall[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export async function startConnectProxy(
  options: { credentials?: { user: string; password: string } } = {},
): Promise<ConnectProxy> {
  const calls: ProxiedCall[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
    : null;
  const admitted = (req: IncomingMessage): boolean => {
    const given = req.headers['proxy-authorization'] ?? null;
    calls.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: given });
    return expected === null || given === expected;
  };
  const server: Server = createServer((req, res) => {
    if (!admitted(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="office"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    if (!LOOPBACK.has(target.hostname)) return void res.writeHead(502).end();
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    if (!admitted(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="office"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const [host = '', port = ''] = (req.url ?? '').split(/:(?=\d+$)/);
    if (!LOOPBACK.has(host)) return void client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    const upstream = connect(Number(port), host.replace(/^\[|\]$/g, ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
