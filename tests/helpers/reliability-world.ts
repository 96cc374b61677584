/**
 * A reliability test's world: one sandbox (with a data file, so it can go down and come back
 * on the same port with the same state), a real core signed in to it, and a record of every
 * effective change the server made to a device — which is how "nothing ran twice" is checked.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, OperationName, OperationResult } from '../../electron/shared';
import {
  startSandbox,
  type Faults,
  type RequestLogEntry,
  type RunningSandbox,
} from '../../electron/sandbox/index';
import { startCoreHarness, type CoreHarness } from './core-harness';
import { EffectTracker } from './reliability-effects';

export interface WorldOptions {
  tls?: boolean;
  /** Devices per organization in the seed (default 300). */
  devices?: number;
  seed?: number;
}

export class World {
  /** Every /v1 request every incarnation of the sandbox saw, oldest first. */
  readonly log: RequestLogEntry[] = [];
  readonly effects = new EffectTracker();
  restarts = 0;
  private seen = 0;
  private down = false;

  private constructor(
    readonly dir: string,
    private readonly options: WorldOptions,
    public sandbox: RunningSandbox,
    public harness: CoreHarness,
  ) {}

  static async start(options: WorldOptions = {}): Promise<World> {
    const dir = await mkdtemp(join(tmpdir(), 'fi-reliability-'));
    const world = new World(
      dir,
      options,
      null as unknown as RunningSandbox,
      null as unknown as CoreHarness,
    );
    world.sandbox = await world.launch(0);
    await world.effects.baseline(world.sandbox);
    world.harness = await startCoreHarness();
    return world;
  }

  get user() {
    const user =
      this.sandbox.users.find((u) => u.organizations.length === 1) ?? this.sandbox.users[0];
    if (!user) throw new Error('the sandbox has no users');
    return user;
  }

  get organizationId(): string {
    const org = this.user.organizations[0];
    if (!org) throw new Error('the sandbox user has no organization');
    return org.id;
  }

  get port(): number {
    return Number(new URL(this.sandbox.baseUrl).port);
  }

  async signIn(): Promise<void> {
    await this.harness.call('signIn', { baseUrl: this.sandbox.baseUrl, apiKey: this.user.api_key });
  }

  /** A fresh core (empty cache, outbox and connectivity state), signed in. */
  async freshCore(): Promise<void> {
    await this.harness.close();
    this.harness = await startCoreHarness();
    await this.signIn();
  }

  invoke<K extends OperationName>(
    name: K,
    input: unknown = {},
  ): Promise<Envelope<OperationResult<K>>> {
    return this.harness.core.invoke(name, input);
  }

  setFaults(faults: Partial<Faults>): void {
    this.sandbox.setFaults(faults);
  }

  /** The server goes away: connections refused from now on. */
  async takeDown(): Promise<void> {
    if (this.down) return;
    this.down = true;
    await this.sandbox.close();
    this.collect();
  }

  /** Back on the same port with the state it had when it went down. */
  async bringUp(faults?: Partial<Faults>): Promise<void> {
    if (!this.down) return;
    this.sandbox = await this.launch(this.port, faults);
    this.down = false;
    this.restarts++;
    this.effects.checkPersisted(this.sandbox);
  }

  /** The sandbox API as the signed-in user, bypassing the core (for set-up and checks). */
  async api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const auth = Buffer.from(`${this.organizationId}:${this.user.api_key}`).toString('base64');
    const response = await fetch(`${this.sandbox.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status}`);
    return (await response.json()) as T;
  }

  /** Requests of this incarnation not yet copied into `log`, plus all earlier ones. */
  requests(): RequestLogEntry[] {
    this.collect();
    return this.log;
  }

  async close(): Promise<void> {
    await this.harness.close();
    if (!this.down) await this.sandbox.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  private async launch(port: number, faults?: Partial<Faults>): Promise<RunningSandbox> {
    this.seen = 0;
    let running: RunningSandbox | null = null;
    running = await startSandbox({
      port,
      dataFile: join(this.dir, 'sandbox.json'),
      seed: this.options.seed ?? 7,
      devices: this.options.devices ?? 300,
      ...(this.options.tls ? { tls: true } : {}),
      ...(faults ? { faults } : {}),
      // The sandbox logs each request synchronously right after handling it, so this is the
      // moment to see what that request did to its device (see EffectTracker).
      log: () => {
        if (running) this.collect(running);
      },
    });
    return running;
  }

  private collect(sandbox: RunningSandbox = this.sandbox): void {
    const entries = sandbox.requestLog();
    for (; this.seen < entries.length; this.seen++) {
      const entry = entries[this.seen];
      if (!entry) continue;
      this.log.push(entry);
      this.effects.observe(sandbox, entry);
    }
  }
}
