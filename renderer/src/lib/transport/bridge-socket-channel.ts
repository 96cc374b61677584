/**
 * Browser mode's fast path for operations: one WebSocket to the bridge, requests numbered and
 * answered by id (electron/web/bridge-socket.ts says why it exists). `call` answers
 * 'unsent' when no socket can be had (nothing was sent: the transport may fall back to a
 * plain POST) and 'lost' when the socket closed after the request left (the operation may
 * have run: it must not be sent again).
 */
import type { Envelope, OperationName } from '$shared';
import {
  BRIDGE_SOCKET_PATH,
  BRIDGE_SOCKET_PROTOCOL,
  bridgeSecretProtocol,
} from '$shared/bridge-protocol';

export type SocketAnswer = Envelope<never> | 'unsent' | 'lost';

interface Pending {
  resolve: (answer: SocketAnswer) => void;
}

export class SocketChannel {
  /** The session secret, offered as a subprotocol when the socket opens (decision 71). */
  readonly #secret: () => string | null;
  #socket: WebSocket | null = null;
  #opening: Promise<WebSocket | null> | null = null;
  #pending = new Map<number, Pending>();
  #nextId = 1;

  constructor(secret: () => string | null) {
    this.#secret = secret;
  }

  /** On an open socket the request leaves before this returns (no await on the way), so a
   * screen that asks while it is being built has its answer worked on meanwhile. */
  async call(name: OperationName, input: unknown, signal?: AbortSignal): Promise<SocketAnswer> {
    const open = this.#socket?.readyState === WebSocket.OPEN ? this.#socket : null;
    const socket = open ?? (await this.#connecting());
    if (socket === null) return 'unsent';
    signal?.throwIfAborted();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // An aborted call settles at once; its answer, when it comes, finds no one waiting.
      const onAbort = () => {
        this.#pending.delete(id);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(id, {
        resolve: (answer) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(answer);
        },
      });
      socket.send(JSON.stringify({ id, op: name, input: input ?? {} }));
    });
  }

  #connecting(): Promise<WebSocket | null> {
    this.#opening ??= this.#open().finally(() => (this.#opening = null));
    return this.#opening;
  }

  #open(): Promise<WebSocket | null> {
    return new Promise((resolve) => {
      let socket: WebSocket;
      try {
        const secret = this.#secret();
        socket = new WebSocket(
          new URL(BRIDGE_SOCKET_PATH, location.href.replace(/^http/, 'ws')),
          secret === null
            ? [BRIDGE_SOCKET_PROTOCOL]
            : [BRIDGE_SOCKET_PROTOCOL, bridgeSecretProtocol(secret)],
        );
      } catch {
        resolve(null);
        return;
      }
      socket.onopen = () => {
        this.#socket = socket;
        resolve(socket);
      };
      // A refused or broken socket reports an error and then closes: the close settles.
      socket.onerror = () => undefined;
      socket.onmessage = (message: MessageEvent<unknown>) => this.#settle(message.data);
      socket.onclose = () => {
        resolve(null);
        if (this.#socket === socket) this.#socket = null;
        // Whatever was on its way is lost with the socket (the transport reports the bridge
        // down, as a failed POST would).
        for (const pending of this.#pending.values()) pending.resolve('lost');
        this.#pending.clear();
      };
    });
  }

  #settle(data: unknown): void {
    if (typeof data !== 'string') return;
    let reply: { id?: unknown; answer?: unknown };
    try {
      reply = JSON.parse(data) as { id?: unknown; answer?: unknown };
    } catch {
      return; // not ours; the call it might have answered stays pending until the socket closes
    }
    if (typeof reply.id !== 'number') return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    pending.resolve(reply.answer as Envelope<never>);
  }
}
