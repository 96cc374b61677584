/**
 * The bridge's operation socket (browser mode's fast path): a real WebSocket handshake
 * against the real bridge and core. It answers our own page with its session only (Host,
 * Origin required, cookie, and the secret offered as a subprotocol — never echoed), answers
 * each request by its id, and ends a conversation that is not ours (not JSON, no id,
 * oversized, a flood) instead of holding it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BRIDGE_SOCKET_PATH } from '../../../electron/shared/bridge-protocol';
import {
  socketProtocols,
  startBridgeHarness,
  type BridgeHarness,
} from '../../helpers/bridge-harness';

let web: BridgeHarness;

beforeAll(async () => {
  web = await startBridgeHarness();
});

afterAll(() => web.close());

interface Opened {
  ws: WebSocket;
  /** The handshake's HTTP status when it was refused. */
  refused: number | null;
}

function connect(
  headers: Record<string, string>,
  path = BRIDGE_SOCKET_PATH,
  protocols = socketProtocols(web.secret),
): Promise<Opened> {
  const url = web.bridge.origin.replace(/^http/, 'ws') + path;
  return new Promise((resolve) => {
    const ws = new WebSocket(url, protocols, { headers, maxPayload: 10_000_000 });
    ws.once('open', () => resolve({ ws, refused: null }));
    ws.once('unexpected-response', (_req, res) => resolve({ ws, refused: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ ws, refused: -1 }));
  });
}

const ours = () => ({ Origin: web.bridge.origin, Cookie: web.cookie });

const nextMessage = (ws: WebSocket): Promise<unknown> =>
  new Promise((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));

const closed = (ws: WebSocket): Promise<number> =>
  new Promise((resolve) => ws.once('close', (code) => resolve(code)));

describe('bridge operation socket', () => {
  it('answers our page with its session, each request by its id', async () => {
    const { ws, refused } = await connect(ours());
    expect(refused).toBeNull();
    // The answer names the bridge's protocol, never the secret.
    expect(ws.protocol).toBe('fi-bridge');
    const answers: { id: number; answer: { ok: boolean; value?: unknown } }[] = [];
    const two = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        answers.push(JSON.parse(String(data)) as (typeof answers)[number]);
        if (answers.length === 2) resolve();
      }),
    );
    ws.send(JSON.stringify({ id: 7, op: 'sessionStatus', input: {} }));
    ws.send(JSON.stringify({ id: 8, op: 'queryDevices', input: { view: 'all', limit: 0 } }));
    await two;
    const byId = new Map(answers.map((a) => [a.id, a.answer]));
    expect(byId.get(7)).toMatchObject({ ok: true, value: { signedIn: false } });
    // The same validation as the POST route: limit 0 is refused in words.
    expect(byId.get(8)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    ws.close();
  });

  it('refuses a handshake without the session cookie, from another origin, without an Origin, or for another host', async () => {
    const cases: Record<string, string>[] = [
      { Origin: web.bridge.origin },
      { Origin: web.bridge.origin, Cookie: `${web.bridge.cookieName}=forged` },
      { Origin: 'http://evil.example', Cookie: web.cookie },
      { Origin: 'null', Cookie: web.cookie },
      { Cookie: web.cookie },
      { ...ours(), Host: 'attacker.example:80' },
    ];
    for (const headers of cases) {
      const { ws, refused } = await connect(headers);
      expect(refused, JSON.stringify(headers)).toBe(403);
      ws.terminate();
    }
    // The cookie alone (what another local server can get from the browser) opens nothing.
    for (const protocols of [['fi-bridge'], socketProtocols(`${web.secret.slice(1)}x`)]) {
      const { ws, refused } = await connect(ours(), BRIDGE_SOCKET_PATH, protocols);
      expect(refused, protocols.join()).toBe(403);
      ws.terminate();
    }
    // Another path under /api/ is no socket either.
    const other = await connect(ours(), '/api/events');
    expect(other.refused).toBe(403);
    other.ws.terminate();
  });

  it('answers an unknown operation in words and keeps the socket', async () => {
    const { ws } = await connect(ours());
    ws.send(JSON.stringify({ id: 1, op: 'dropTables', input: {} }));
    expect(await nextMessage(ws)).toMatchObject({
      id: 1,
      answer: { ok: false, error: { kind: 'validation' } },
    });
    ws.send(JSON.stringify({ id: 2, op: 'sessionStatus' }));
    expect(await nextMessage(ws)).toMatchObject({ id: 2, answer: { ok: true } });
    ws.close();
  });

  it('ends a conversation that is not ours: not JSON, no id, binary', async () => {
    for (const message of ['not json', JSON.stringify({ op: 'sessionStatus' }), Buffer.from([1])]) {
      const { ws } = await connect(ours());
      const code = closed(ws);
      ws.send(message);
      expect(await code).toBe(1008);
    }
  });

  it('closes on a message over the size cap; the bridge keeps answering', async () => {
    const { ws } = await connect(ours());
    const code = closed(ws);
    ws.send(
      JSON.stringify({ id: 1, op: 'createLocation', input: { name: 'x'.repeat(2_000_000) } }),
    );
    expect(await code).toBe(1009);
    const again = await connect(ours());
    again.ws.send(JSON.stringify({ id: 1, op: 'sessionStatus' }));
    expect(await nextMessage(again.ws)).toMatchObject({ id: 1, answer: { ok: true } });
    again.ws.close();
  });

  it('closes a page that floods it with requests instead of queueing them all', async () => {
    const { ws } = await connect(ours());
    const code = closed(ws);
    for (let id = 0; id < 500; id++)
      ws.send(JSON.stringify({ id, op: 'sessionStatus', input: {} }));
    expect(await code).toBe(1008);
  });

  it('is closed when the bridge closes', async () => {
    const extra = await startBridgeHarness();
    const url = extra.bridge.origin.replace(/^http/, 'ws') + BRIDGE_SOCKET_PATH;
    const ws = new WebSocket(url, socketProtocols(extra.secret), {
      headers: { Origin: extra.bridge.origin, Cookie: extra.cookie },
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const code = closed(ws);
    await extra.close();
    expect(await code).toBeGreaterThan(0);
  });
});
