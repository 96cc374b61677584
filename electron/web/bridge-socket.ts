/**
 * The bridge's operation channel: one WebSocket per page carrying `{id, op, input}` requests
 * and `{id, answer}` replies. It exists for speed: in Chromium a fetch() to the loopback
 * bridge costs ~4 ms at the median and ~20 ms at p95 on a busy 2-core machine, a message on
 * an open socket ~0.6 / ~5 ms (measured side by side, same server), and the inventory asks
 * the core on every keystroke. The HTTP operation route stays for tools and as the page's
 * fallback when the socket cannot open. `ws` because Node has no WebSocket server of its own
 * and the framing, masking and limits are not worth writing by hand.
 *
 * The upgrade passes the same gates as every /api/ request (Host, Origin, session cookie and
 * secret — the page offers it as a subprotocol, never echoed), with Origin required: browsers
 * always send it on a WebSocket handshake, and a cross-site page opening a socket to 127.0.0.1
 * is exactly what it must stop.
 */
import { channel } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { OperationName } from '../shared';
import type { Core } from '../core/core';
import { BRIDGE_SOCKET_PROTOCOL } from '../shared/bridge-protocol';
import { clipErrorAnswer } from './error-echo';

/** Ids the page numbers its requests with; anything else is not a request of ours. */
const MAX_ID = Number.MAX_SAFE_INTEGER;
/** Requests one page may have in flight: more means a runaway page, not a technician. */
const MAX_IN_FLIGHT = 64;

/**
 * Where each request's time went on this side (message in, core called, core answered, answer
 * handed to the socket; performance.now() of this process), for the bench's phase breakdown
 * (tests/bench/bridge-timing.ts subscribes from outside the bundle). A diagnostics channel
 * because publishing is skipped while nobody listens: the app itself never pays for it.
 */
export const BRIDGE_TIMING_CHANNEL = 'field-installer:bridge-socket';
const timing = channel(BRIDGE_TIMING_CHANNEL);

export interface SocketGate {
  /** Host, Origin (required), session cookie and secret: true when the upgrade may proceed. */
  allows(req: IncomingMessage): boolean;
}

export interface BridgeSocket {
  /** Takes an HTTP upgrade on the socket path: accepts it or answers 403 and closes. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function createBridgeSocket(
  core: Core,
  gate: SocketGate,
  maxMessageBytes: number,
): BridgeSocket {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    // The page offers the bridge's protocol and its secret: the answer names only the first.
    handleProtocols: (offered) =>
      offered.has(BRIDGE_SOCKET_PROTOCOL) ? BRIDGE_SOCKET_PROTOCOL : false,
  });

  wss.on('connection', (ws: WebSocket) => {
    let inFlight = 0;
    ws.on('message', (data, isBinary) => {
      const receivedAt = performance.now();
      const request = isBinary ? null : parseRequest(String(data));
      if (request === null) {
        // Not a request of ours: there is no id to answer, so end the conversation.
        ws.close(1008, 'not a bridge request');
        return;
      }
      if (inFlight >= MAX_IN_FLIGHT) {
        ws.close(1008, 'too many requests in flight');
        return;
      }
      inFlight += 1;
      const calledAt = performance.now();
      void answer(request)
        .then((text) => {
          const answeredAt = performance.now();
          if (ws.readyState === ws.OPEN) ws.send(`{"id":${request.id},"answer":${text}}`);
          if (timing.hasSubscribers)
            timing.publish({
              op: request.op,
              id: request.id,
              receivedAt,
              calledAt,
              answeredAt,
              sentAt: performance.now(),
              bytes: text.length,
            });
        })
        .finally(() => (inFlight -= 1));
    });
    ws.on('error', () => ws.terminate());
  });

  // The core answers every name itself, an unknown one in words (create-core.ts).
  const answer = async (request: Request): Promise<string> =>
    clipErrorAnswer(await core.invokeJson(request.op as OperationName, request.input));

  return {
    upgrade(req, socket, head) {
      if (!gate.allows(req)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

interface Request {
  id: number;
  op: string;
  input: unknown;
}

function parseRequest(text: string): Request | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, op, input } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > MAX_ID) return null;
  if (typeof op !== 'string' || op.length > 100) return null;
  return { id, op, input: input ?? {} };
}
