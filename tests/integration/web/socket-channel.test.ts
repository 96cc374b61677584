/**
 * The page's side of the operation socket (renderer/src/lib/transport/bridge-socket-channel.ts)
 * against the real bridge and core. Node 20 has no WebSocket of its own, so `ws`'s client
 * stands in for the browser's; a subclass adds the cookie and Origin a browser would send.
 * What matters to the page: an answer per call, 'unsent' when no socket can be had (the
 * transport may then POST), 'lost' when the socket dies after the request left (the
 * operation may have run: never sent again), and an aborted call settling at once.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SocketChannel } from '../../../renderer/src/lib/transport/bridge-socket-channel';
import { startBridgeHarness, type BridgeHarness } from '../../helpers/bridge-harness';

let web: BridgeHarness | null = null;
let blackHole: { server: Server; held: Socket[] } | null = null;

afterEach(async () => {
  vi.unstubAllGlobals();
  // Let the core's request to the black hole fail before the core is closed.
  for (const socket of blackHole?.held ?? []) socket.destroy();
  await new Promise((resolve) => (blackHole ? blackHole.server.close(resolve) : resolve(null)));
  blackHole = null;
  await web?.close();
  web = null;
});

/** A loopback server that accepts connections and never answers: a request there waits. */
async function startBlackHole(): Promise<{ port: number; reached: Promise<void> }> {
  const held: Socket[] = [];
  let reachedNow: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (reachedNow = resolve));
  const server = createServer((socket) => {
    held.push(socket);
    reachedNow();
  });
  blackHole = { server, held };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, reached };
}

/** The browser's WebSocket as this page would have it: same origin, with the cookie (the
 * browser adds it); the subprotocols are the page's. */
function browserSocket(origin: string, cookie: string) {
  return class BrowserSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string[]) {
      super(url, protocols, { headers: { Origin: origin, Cookie: cookie } });
    }
  };
}

async function page(options: { cookie?: boolean; secret?: boolean } = {}) {
  web = await startBridgeHarness();
  vi.stubGlobal('location', new URL(web.bridge.origin + '/#/inventory'));
  vi.stubGlobal(
    'WebSocket',
    browserSocket(web.bridge.origin, options.cookie === false ? '' : web.cookie),
  );
  const secret = options.secret === false ? null : web.secret;
  return { web, channel: new SocketChannel(() => secret) };
}

describe('socket channel (ws client as the browser WebSocket)', () => {
  it('answers calls by id over one socket', async () => {
    const { channel } = await page();
    const [status, refused] = await Promise.all([
      channel.call('sessionStatus', {}),
      channel.call('queryDevices', { view: 'all', offset: 0, limit: 0 }),
    ]);
    expect(status).toMatchObject({ ok: true, value: { signedIn: false } });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });

  it("answers 'unsent' when the bridge refuses the socket (no session)", async () => {
    const { channel } = await page({ cookie: false });
    expect(await channel.call('sessionStatus', {})).toBe('unsent');
  });

  it("answers 'unsent' with the cookie but without the secret", async () => {
    const { channel } = await page({ secret: false });
    expect(await channel.call('sessionStatus', {})).toBe('unsent');
  });

  it("answers 'lost' for a call on its way when the socket dies, and 'unsent' after", async () => {
    const { web: bridge, channel } = await page();
    expect(await channel.call('sessionStatus', {})).toMatchObject({ ok: true });
    // A slow operation on its way (a sign-in to a server that never answers)...
    const server = await startBlackHole();
    const slow = channel.call('signIn', {
      baseUrl: `http://127.0.0.1:${server.port}/api/v1`,
      apiKey: 'k'.repeat(40),
    });
    // ...that has reached the core (it is waiting on that server), and the bridge goes away.
    await server.reached;
    await bridge.bridge.close();
    expect(await slow).toBe('lost');
    expect(await channel.call('sessionStatus', {})).toBe('unsent');
  });

  it('sends on an open socket before call() returns, so a screen being built is answered meanwhile', async () => {
    const { web: bridge, channel } = await page();
    const sent: string[] = [];
    const Browser = browserSocket(bridge.bridge.origin, bridge.cookie);
    vi.stubGlobal(
      'WebSocket',
      class extends Browser {
        override send(data: string) {
          sent.push(data);
          super.send(data);
        }
      },
    );
    // The first call opens the socket: it waits for that.
    const first = channel.call('sessionStatus', {});
    expect(sent).toEqual([]);
    await first;
    expect(sent).toHaveLength(1);
    // On the open socket the request is out before the caller's code goes on.
    const second = channel.call('listOutbox', {});
    expect(sent.map((s) => (JSON.parse(s) as { op: string }).op)).toEqual([
      'sessionStatus',
      'listOutbox',
    ]);
    expect(await second).toMatchObject({ ok: true });
  });

  it('settles an aborted call at once', async () => {
    const { channel } = await page();
    await channel.call('sessionStatus', {});
    const controller = new AbortController();
    const call = channel.call(
      'signIn',
      { baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: 'k'.repeat(40) },
      controller.signal,
    );
    controller.abort(new DOMException('superseded', 'AbortError'));
    await expect(call).rejects.toThrow('superseded');
    // The socket still serves the next call.
    expect(await channel.call('sessionStatus', {})).toMatchObject({ ok: true });
  });
});
