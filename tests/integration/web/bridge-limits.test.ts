/**
 * The bridge's robustness against a client that sends too much, too slowly, or a body built
 * to be echoed: an oversized body is refused (413) and its connection closed while the
 * client is still sending, never read to its end; a slow request gets 408 within the
 * deadline; an error answer stays small whatever the input named.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../../electron/shared';
import { startBridgeHarness, type BridgeHarness } from '../../helpers/bridge-harness';

/** Short, so the test is quick; browser mode's default is 10 s. */
const DEADLINE_MS = 600;

let web: BridgeHarness;

beforeAll(async () => {
  web = await startBridgeHarness({ bridge: { requestTimeoutMs: DEADLINE_MS } });
});

afterAll(() => web.close());

interface Exchange {
  socket: Socket;
  /** Everything the bridge sent, so far. */
  received(): string;
  /** Resolves when the bridge closed the connection (end, reset or close). */
  closed: Promise<number>;
  /** Resolves when an HTTP status line has arrived, with the status. */
  status: Promise<number>;
}

/** A raw HTTP/1.1 request on a socket of our own: the test decides what, and when, to send. */
async function open(head: string[], options: { cookie?: string | null } = {}): Promise<Exchange> {
  const { port } = new URL(web.bridge.origin);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const t0 = performance.now();
  let text = '';
  let onStatus: (status: number) => void = () => undefined;
  const status = new Promise<number>((resolve) => (onStatus = resolve));
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
    if (match) onStatus(Number(match[1]));
  });
  socket.on('error', () => undefined); // EPIPE / ECONNRESET once the bridge hangs up
  const closed = new Promise<number>((resolve) => {
    const done = () => resolve(performance.now() - t0);
    socket.once('end', done);
    socket.once('close', done);
  });
  const lines = [
    ...head,
    `Host: ${new URL(web.bridge.origin).host}`,
    ...(options.cookie === null
      ? []
      : [`Cookie: ${options.cookie ?? web.cookie}`, `X-Bridge-Secret: ${web.secret}`]),
    'Content-Type: application/json',
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  return { socket, received: () => text, closed, status };
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms),
    ),
  ]);

const bodyOf = (answer: string): string => answer.slice(answer.indexOf('\r\n\r\n') + 4);

describe('bridge limits', () => {
  it('refuses a declared oversized body with 413 before it is sent, and hangs up', async () => {
    const x = await open(['POST /api/op/signIn HTTP/1.1', 'Content-Length: 10000000000']);
    // Not a byte of the body was sent: the answer must not wait for it.
    expect(await within(x.status, 3_000, '413')).toBe(413);
    await within(x.closed, 3_000, 'close');
    expect(bodyOf(x.received()).length).toBeLessThan(200);
    x.socket.destroy();
  });

  it('reads no body it refuses: wrong route, no session, a GET with a body', async () => {
    const { cookie } = web;
    for (const head of [
      ['POST /api/op/nope HTTP/1.1'],
      ['POST /api/op/signIn HTTP/1.1', 'Cookie: fi_bridge_1=x'],
      ['GET / HTTP/1.1'],
      ['GET /api/events HTTP/1.1'],
      ['PUT /index.html HTTP/1.1'],
    ]) {
      const x = await open([...head, 'Content-Length: 10000000000'], {
        cookie: head.some((h) => h.startsWith('Cookie')) ? null : cookie,
      });
      const status = await within(x.status, 3_000, head[0]!);
      expect(status, head[0]).toBeGreaterThanOrEqual(400);
      await within(x.closed, 3_000, `${head[0]} close`);
      x.socket.destroy();
    }
  });

  it('cuts off a chunked body that keeps going past the cap: 413 and close mid-send', async () => {
    const x = await open(['POST /api/op/signIn HTTP/1.1', 'Transfer-Encoding: chunked']);
    const chunk = Buffer.alloc(64 * 1024, 0x20); // JSON whitespace, forever
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from('\r\n'),
    ]);
    let sent = 0;
    let open_ = true;
    void x.closed.then(() => (open_ = false));
    // Keep writing until the bridge hangs up; 64 MB without a hang-up fails the test.
    while (open_ && !x.socket.destroyed && sent < 64 * 1024 * 1024) {
      if (!x.socket.write(frame)) {
        await Promise.race([
          new Promise((resolve) => x.socket.once('drain', resolve)),
          x.closed,
          new Promise((resolve) => setTimeout(resolve, 5_000)),
        ]);
      }
      sent += frame.length;
    }
    await within(x.closed, 3_000, 'close');
    expect(await within(x.status, 1_000, '413')).toBe(413);
    // The client was still sending (it never ended its body) when the answer and close came.
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    x.socket.destroy();
  });

  it('answers a body that trickles past the deadline with 408 and hangs up', async () => {
    const x = await open(['POST /api/op/sessionStatus HTTP/1.1', 'Content-Length: 100']);
    x.socket.write('{"a":');
    const trickle = setInterval(() => x.socket.writable && x.socket.write(' '), 100);
    try {
      expect(await within(x.status, DEADLINE_MS * 4, '408')).toBe(408);
      const closedAfter = await within(x.closed, DEADLINE_MS * 4, 'close');
      expect(closedAfter).toBeLessThan(DEADLINE_MS * 4);
    } finally {
      clearInterval(trickle);
      x.socket.destroy();
    }
  });

  it('answers headers that never finish with 408 and hangs up', async () => {
    const { port } = new URL(web.bridge.origin);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    const t0 = performance.now();
    socket.write('POST /api/op/sessionStatus HTTP/1.1\r\nHost: x\r\n');
    const closed = new Promise<number>((resolve) =>
      socket.once('close', () => resolve(performance.now() - t0)),
    );
    expect(await within(closed, DEADLINE_MS * 6, 'close')).toBeLessThan(DEADLINE_MS * 6);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still serves a body that arrives within the deadline', async () => {
    const x = await open(['POST /api/op/sessionStatus HTTP/1.1', 'Content-Length: 2']);
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 3));
    x.socket.write('{');
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 3));
    x.socket.write('}');
    expect(await within(x.status, 3_000, '200')).toBe(200);
    x.socket.destroy();
  });

  it('keeps the event stream open well past the deadline (it is a response, not a request)', async () => {
    const controller = new AbortController();
    const res = await fetch(`${web.bridge.origin}/api/events?secret=${web.secret}`, {
      headers: { Cookie: web.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // ': connected'
    let ended = false;
    void reader.read().then(
      (r) => (ended = r.done),
      () => (ended = true),
    );
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 5));
    expect(ended).toBe(false);
    controller.abort();
  });

  it('answers a validation error for 10,000 unknown keys in a few KB', async () => {
    const input: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++)
      input[`unknown_key_${String(i).padStart(5, '0')}_${'x'.repeat(60)}`] = i;
    const body = JSON.stringify(input);
    expect(body.length).toBeGreaterThan(700_000);
    for (const name of ['signIn', 'getDevice', 'sessionStatus']) {
      const res = await web.post(name, body);
      expect(res.status).toBe(200);
      expect(Buffer.byteLength(res.text), name).toBeLessThan(4_096);
      const envelope = JSON.parse(res.text) as {
        ok: boolean;
        error: { kind: string; code: string; fields?: Record<string, FieldIssue> };
      };
      expect(envelope).toMatchObject({ ok: false, error: { kind: 'validation' } });
      // It still says what is wrong, naming a few of the keys at most.
      expect(res.text.match(/unknown_key_/g)?.length ?? 0).toBeLessThanOrEqual(12);
    }
  });

  it('keeps a small error answer exactly as the core wrote it', async () => {
    const res = await web.post('getDevice', JSON.stringify({ serial: 1 }));
    const direct = await web.harness.core.invokeJson('getDevice', { serial: 1 });
    expect(res.text).toBe(direct);
  });

  it('keeps its own refusals small', async () => {
    for (const [path, init] of [
      ['/api/op/nope', { method: 'POST' }],
      ['/api/events', {}],
      ['/api/op/signIn', { method: 'GET' }],
    ] as const) {
      const res = await fetch(web.bridge.origin + path, init);
      expect((await res.text()).length, path).toBeLessThan(200);
    }
  });
});
