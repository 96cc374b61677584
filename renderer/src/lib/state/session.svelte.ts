import type { OutboxItem, PushEvent, SessionStatus, SyncReport } from '$shared';
import { call, subscribe } from '../transport/transport';
import type { NetworkReport } from '../transport/network-watch';

/** Outbox items still waiting for the server (everything except done). */
const pendingCount = (items: readonly OutboxItem[]): number =>
  items.filter((i) => i.state !== 'done').length;

/** Which account's queue a status is about. */
const queueOf = (status: SessionStatus | null): string | null =>
  status?.signedIn && status.organization
    ? `${status.training}|${status.baseUrl ?? ''}|${status.organization.id}`
    : null;

/**
 * Session, connectivity and outbox: the app-wide state every screen may read. Kept current
 * by push events so the badge and the Activity screen never need polling.
 */
export class SessionState {
  status = $state<SessionStatus | null>(null);
  online = $state(true);
  outbox = $state.raw<OutboxItem[]>([]);
  lastSync = $state<SyncReport | null>(null);
  /** Bumped on each 'data-updated' event; cached reads watch it to re-fetch. */
  dataVersion = $state(0);
  /** Bumped on each outbox list from the core (not reactive: for `noteQueued`). */
  #outboxVersion = 0;
  #outboxKnown = false;

  queued = $derived(this.#outboxKnown ? pendingCount(this.outbox) : (this.status?.queued ?? 0));
  signedIn = $derived(this.status?.signedIn === true && this.status.organization !== null);

  start(): () => void {
    return subscribe((event) => this.#onEvent(event));
  }

  /** Reads the status, or takes one already asked for (main.ts asks before the first render). */
  async load(pending: Promise<SessionStatus> = call('sessionStatus', {})): Promise<void> {
    this.setStatus(await pending);
  }

  setStatus(status: SessionStatus): void {
    const before = this.status;
    this.status = status;
    this.online = status.online;
    // The queue is read when it is another one (the first status, a sign-in, another
    // organization) or its count disagrees with the list shown; the core pushes every change
    // of it ('outbox' events) after. Reading it on every status (the core says one after each
    // action, each connectivity change) put a round trip and a re-render behind every install.
    if (
      status.signedIn &&
      status.organization &&
      (queueOf(before) !== queueOf(status) ||
        !this.#outboxKnown ||
        status.queued !== pendingCount(this.outbox))
    )
      void this.refreshOutbox();
  }

  async refreshOutbox(): Promise<void> {
    try {
      this.setOutbox(await call('listOutbox', {}));
    } catch {
      // the badge keeps the session's count; Activity shows the error when opened
    }
  }

  /**
   * The operating system's network state and what the page knows of the link
   * (lib/transport/network-watch.ts), told to the core, which
   * answers what it believes after acting on it. "No network" is shown at once: the core
   * takes it without asking anything, and browser mode's page may not reach its bridge
   * while the browser is offline.
   */
  networkChanged(network: NetworkReport): void {
    if (!network.online) this.online = false;
    call('networkChanged', network).then(
      (answer) => (this.online = answer.online),
      () => undefined,
    );
  }

  /** Something screens show may have changed (e.g. a sync run finished): re-read it. */
  dataChanged(): void {
    this.dataVersion += 1;
  }

  setOutbox(items: OutboxItem[]): void {
    this.#outboxKnown = true;
    this.#outboxVersion += 1;
    this.outbox = items;
  }

  /** Which outbox list is shown now: take it before an action, hand it to `noteQueued`. */
  get outboxVersion(): number {
    return this.#outboxVersion;
  }

  /**
   * An action answered "queued": shown in the queue at once. The core's list that has it is
   * an event on another channel and can arrive after the answer; a list that arrived since
   * `listedBefore` is the core's word and stands.
   */
  noteQueued(item: OutboxItem, listedBefore: number): void {
    if (this.#outboxVersion !== listedBefore || this.outbox.some((i) => i.id === item.id)) return;
    this.outbox = [...this.outbox, item];
  }

  #onEvent(event: PushEvent): void {
    switch (event.type) {
      case 'connectivity':
        this.online = event.online;
        break;
      case 'outbox':
        this.setOutbox(event.items);
        break;
      case 'sync':
        this.lastSync = event.report;
        break;
      case 'data-updated':
        this.dataChanged();
        break;
      case 'session':
        this.setStatus(event.status);
        break;
      case 'sync-progress':
        break; // SyncProgress (sync-progress.svelte.ts) follows these
    }
  }
}
