import type { PushEvent, SyncState } from '$shared';
import { toErrorShape } from '../transport/app-failure';
import { loadErrorText } from '../words/error-text-loader.svelte';
import { loadWords, wordsLoaded } from '../words/i18n';
import { endedNotice, isSending } from '../words/sync-text';
import { call, subscribe } from '../transport/transport';

/** How long a failed or cancelled download is mentioned: long enough to read, then it goes
 * (the next attempt, or the Activity screen, carries on from there). */
const NOTICE_MS = 10_000;

/**
 * The background sync's list downloads, kept current by 'sync-progress' push events, for the
 * indicator beside the connectivity badge and for "Make available offline".
 */
export class SyncProgress {
  state = $state.raw<SyncState | null>(null);
  /** A download that just failed or was cancelled, said briefly. */
  notice = $state<string | null>(null);
  cancelling = $state(false);
  #noticeTimer: ReturnType<typeof setTimeout> | undefined;
  #cancelledWhileSending = false;
  readonly #onFinished: () => void;

  /** `onFinished`: a run of downloads ended, so what screens show may have changed. */
  constructor(onFinished: () => void) {
    this.#onFinished = onFinished;
  }

  start(): () => void {
    const unsubscribe = subscribe((event: PushEvent) => {
      if (event.type === 'sync-progress') this.apply(event.state);
    });
    return () => {
      unsubscribe();
      clearTimeout(this.#noticeTimer);
    };
  }

  /** Read once at start (and after signing in); events keep it current after that. */
  async load(): Promise<void> {
    try {
      this.apply(await call('syncStatus', {}));
    } catch {
      // No indicator until the first event; nothing the technician needs to act on.
    }
  }

  apply(next: SyncState): void {
    const previous = this.state;
    this.state = next;
    if (!previous?.running && next.running) this.#cancelledWhileSending = false;
    if (!next.running) this.cancelling = false;
    // A run that ended with failures says their errors, whose words come when first needed
    // (decision 82): said once they are in, never as keys.
    const cancelledWhileSending = this.#cancelledWhileSending;
    const sayEnded = () => {
      const ended = endedNotice(previous, next, cancelledWhileSending);
      if (ended !== '') this.#say(ended);
    };
    if (wordsLoaded('errors')) sayEnded();
    else void loadWords('errors').then(sayEnded, sayEnded);
    if (previous?.running && !next.running) this.#onFinished();
  }

  async cancel(): Promise<void> {
    // The run's tasks end "cancelled" only after the action on the wire is answered, when
    // the state no longer says it was sending: remembered from here.
    this.#cancelledWhileSending = isSending(this.state);
    this.cancelling = true;
    try {
      this.apply(await call('cancelSync', {}));
    } catch (error) {
      this.cancelling = false;
      // The error words come when first needed (decision 82): said once they are in.
      const { errorWords } = await loadErrorText().catch(() => ({ errorWords: null }));
      if (errorWords) this.#say(errorWords(toErrorShape(error)).message);
    } finally {
      // A send on the wire is finished before the run stops: Cancel stays pressed till then.
      if (!this.state?.running) this.cancelling = false;
    }
  }

  /** Starts the downloads for one store; failures to start are thrown for the screen to show. */
  async makeAvailableOffline(locationId: string): Promise<SyncState> {
    const state = await call('makeAvailableOffline', { locationId });
    this.apply(state);
    return state;
  }

  #say(text: string): void {
    clearTimeout(this.#noticeTimer);
    this.notice = text;
    this.#noticeTimer = setTimeout(() => (this.notice = null), NOTICE_MS);
  }
}
