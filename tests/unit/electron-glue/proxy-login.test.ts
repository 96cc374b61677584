/**
 * A proxy that asks for a sign-in (Electron's `login` with authInfo.isProxy). Electron cannot
 * run here: its net.request is a mocked ClientRequest and net.fetch a mocked session, named so.
 * ProxyLogin, the contract check of the page's answer, the core's words and the renderer's words
 * run for real.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushEvent } from '../../../electron/shared';
import { AppError } from '../../../electron/core/app-error';
import {
  createApiFetch,
  createProxyAuthenticator,
  type FetchingSession,
} from '../../../electron/main/api-fetch';
import {
  answerProxyLogin,
  createProxyLogin,
  type ProxyChallenge,
} from '../../../electron/main/proxy-login';
import { FALLBACK_LOCALE, resolveLocale } from '../../../i18n/locales';
import { setLocaleSource } from '../../../renderer/src/lib/words/active-locale';
import { errorWords } from '../../../renderer/src/lib/words/error-text';
import { coreHttp } from '../../helpers/core-http';

const PROXY: ProxyChallenge = {
  isProxy: true,
  host: 'proxy.corp.example',
  port: 3128,
  realm: 'Corp',
  scheme: 'basic',
};

/** A keychain in memory (the real one is covered by the keychain tests). */
const memoryKeychain = (entries: Record<string, string> = {}) => {
  const store = new Map(Object.entries(entries));
  return {
    store,
    get: vi.fn(async (account: string) => store.get(account) ?? null),
    set: vi.fn(async (account: string, secret: string) => void store.set(account, secret)),
    delete: vi.fn(async (account: string) => store.delete(account)),
  };
};

const setup = (
  options: { window?: boolean; keychain?: ReturnType<typeof memoryKeychain> } = {},
) => {
  const sent: PushEvent[] = [];
  const log = { info: vi.fn(), warn: vi.fn() };
  const keychain = options.keychain ?? memoryKeychain();
  let n = 0;
  const login = createProxyLogin({
    send: (event) => {
      sent.push(event);
      return options.window ?? true;
    },
    keychain,
    log,
    newId: () => `${(n += 1)}`.padStart(16, '0'),
  });
  const questions = () => sent.filter((e) => e.type === 'proxy-login');
  return { login, sent, questions, log, keychain };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the proxy sign-in (ProxyLogin, for real)', () => {
  it('asks the page once, however many requests wait, and keeps the answer in memory', async () => {
    const { login, questions, keychain, log } = setup();
    const first = login.credentials(PROXY);
    const second = login.credentials(PROXY);
    await tick();
    expect(questions()).toEqual([
      {
        type: 'proxy-login',
        id: '0000000000000001',
        host: 'proxy.corp.example',
        port: 3128,
        realm: 'Corp',
        refused: false,
      },
    ]);
    const answer = {
      kind: 'sign-in',
      username: 'tech',
      password: 's3cret',
      remember: false,
    } as const;
    expect(await login.answer('0000000000000001', answer)).toBe(true);
    const expected = { username: 'tech', password: 's3cret' };
    expect(await first).toEqual(expected);
    expect(await second).toEqual(expected);
    // Later requests: from memory, no second question; nothing in the keychain.
    expect(await login.credentials(PROXY)).toEqual(expected);
    expect(questions()).toHaveLength(1);
    expect(keychain.set).not.toHaveBeenCalled();
    // The password never reaches the log.
    expect(JSON.stringify([log.info.mock.calls, log.warn.mock.calls])).not.toContain('s3cret');
  });

  it('keeps the answer in the keychain when asked to, and uses it at the next start', async () => {
    const keychain = memoryKeychain();
    const { login } = setup({ keychain });
    const pending = login.credentials(PROXY);
    await tick();
    await login.answer('0000000000000001', {
      kind: 'sign-in',
      username: 'tech',
      password: 's3cret',
      remember: true,
    });
    await pending;
    expect(JSON.parse(keychain.store.get('proxy:proxy.corp.example:3128') ?? '')).toEqual({
      username: 'tech',
      password: 's3cret',
    });
    const restarted = setup({ keychain });
    expect(await restarted.login.credentials(PROXY)).toEqual({
      username: 'tech',
      password: 's3cret',
    });
    expect(restarted.questions()).toEqual([]);
  });

  it('forgets refused credentials (memory and keychain) and says so at the next question', async () => {
    const keychain = memoryKeychain({
      'proxy:proxy.corp.example:3128': JSON.stringify({ username: 'tech', password: 'old' }),
    });
    const { login, questions } = setup({ keychain });
    expect(await login.credentials(PROXY)).toEqual({ username: 'tech', password: 'old' });
    await login.refused(PROXY);
    expect(keychain.store.size).toBe(0);
    const again = login.credentials(PROXY);
    await tick();
    expect(questions()).toEqual([expect.objectContaining({ refused: true })]);
    await login.answer(questions()[0]!.type === 'proxy-login' ? '0000000000000001' : '', {
      kind: 'cancel',
    });
    expect(await again).toBeNull();
  });

  it('cancels at once when there is no window to ask in; answers no other proxy’s question', async () => {
    const { login } = setup({ window: false });
    expect(await login.credentials(PROXY)).toBeNull();
    expect(await login.answer('0000000000000009', { kind: 'cancel' })).toBe(false);
    expect(await login.credentials({ ...PROXY, isProxy: false })).toBeNull();
  });

  it('checks the page’s answer against the contract before it counts', async () => {
    const { login } = setup();
    expect(await answerProxyLogin(login, { id: 'x', answer: { kind: 'cancel' } })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
    expect(
      await answerProxyLogin(login, {
        id: '0000000000000001',
        answer: { kind: 'sign-in', username: ' ', password: 'p', remember: false },
      }),
    ).toMatchObject({ ok: false });
    expect(
      await answerProxyLogin(login, { id: '00000000000000ff', answer: { kind: 'cancel' } }),
    ).toEqual({ ok: true, value: { accepted: false } });
  });
});

/** A mocked Electron ClientRequest: emits `login` for the proxy, then answers `status`. */
const mockedNetRequest = (script: { logins: number; status: number }) => {
  const calls: { user?: string; pass?: string }[] = [];
  const request = vi.fn(() => {
    const req = Object.assign(new EventEmitter(), {
      end: () => {
        let left = script.logins;
        const next = () => {
          if (left === 0) {
            const response = Object.assign(new EventEmitter(), { statusCode: script.status });
            req.emit('response', response);
            return;
          }
          left -= 1;
          req.emit('login', PROXY, (user?: string, pass?: string) => {
            calls.push({ user, pass });
            if (user === undefined) req.emit('error', new Error('net::ERR_PROXY_AUTH_REQUESTED'));
            else next();
          });
        };
        setImmediate(next);
      },
      abort: () => undefined,
    });
    return req;
  });
  return { request, calls };
};

describe('the API’s requests behind a signing-in proxy (mocked Electron net.request and net.fetch)', () => {
  afterEach(() => setLocaleSource(() => FALLBACK_LOCALE));

  /** net.fetch cancels every sign-in: ERR_PROXY_AUTH_REQUESTED until the auth cache knows it. */
  const proxiedSession = (signedIn: () => boolean) => {
    const fetch = vi.fn<FetchingSession['fetch']>(async () => {
      if (!signedIn()) throw new Error('net::ERR_PROXY_AUTH_REQUESTED');
      return new Response('{"data":[]}', { status: 200 });
    });
    return { session: { fetch } satisfies FetchingSession, fetch };
  };
  const session = {} as never;

  it('asks once, signs in through net.request, then sends the request again', async () => {
    const { login, questions } = setup();
    const net = mockedNetRequest({ logins: 1, status: 200 });
    let signedIn = false;
    const authenticate = createProxyAuthenticator(net.request as never, session, login);
    const { session: api, fetch } = proxiedSession(() => signedIn);
    const answering = (async () => {
      await vi.waitFor(() => expect(questions()).toHaveLength(1));
      await login.answer('0000000000000001', {
        kind: 'sign-in',
        username: 'tech',
        password: 's3cret',
        remember: false,
      });
      signedIn = true; // Chromium's auth cache now holds them
    })();
    const response = await createApiFetch(api, authenticate)('https://api.example.com/v1/x');
    await answering;
    expect(response.status).toBe(200);
    expect(net.calls).toEqual([{ user: 'tech', pass: 's3cret' }]);
    expect(net.request).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'https://api.example.com/v1/x', redirect: 'manual' }),
    );
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a refused or cancelled sign-in is said as such, in every language', async () => {
    const { login, questions } = setup({
      keychain: memoryKeychain({
        'proxy:proxy.corp.example:3128': JSON.stringify({ username: 'tech', password: 'wrong' }),
      }),
    });
    // The proxy asks again within the same request: it refused the remembered credentials.
    const net = mockedNetRequest({ logins: 2, status: 407 });
    const { session: api } = proxiedSession(() => false);
    const fetch = createApiFetch(
      api,
      createProxyAuthenticator(net.request as never, session, login),
    );
    const error = await coreHttp(fetch, 0)
      .send({
        method: 'GET',
        url: 'https://api.example.com/v1/organizations',
        authorization: 'Basic x',
        secrets: [],
        subject: { kind: 'list' },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const failure = error as AppError;
    expect(failure).toMatchObject({
      kind: 'proxy',
      code: 'proxy_auth_refused',
      params: { host: 'api.example.com' },
    });
    expect(net.calls).toEqual([
      { user: 'tech', pass: 'wrong' },
      { user: undefined, pass: undefined },
    ]);
    // Forgotten: the next request asks, saying the last answer was refused.
    void login.credentials(PROXY);
    await tick();
    expect(questions()).toEqual([expect.objectContaining({ refused: true })]);

    const sentences = new Set<string>();
    for (const tag of ['en', 'de', 'fr', 'nl', 'ja']) {
      setLocaleSource(() => resolveLocale([tag]));
      const shape = failure.toShape();
      const words = errorWords(shape);
      expect(words.message).toContain('api.example.com');
      sentences.add(words.message);
      // Not the general proxy sentence.
      expect(words.message).not.toBe(errorWords({ ...shape, code: 'proxy' }).message);
    }
    expect(sentences.size).toBe(5);
  });

  it('a server’s own sign-in (not the proxy’s) is never answered', async () => {
    const { login, questions } = setup();
    const callback = vi.fn();
    const req = Object.assign(new EventEmitter(), { end: () => undefined, abort: () => undefined });
    void createProxyAuthenticator(
      () => req as never,
      session,
      login,
    )('https://api.example.com/v1/x');
    req.emit('login', { ...PROXY, isProxy: false }, callback);
    expect(callback).toHaveBeenCalledWith();
    expect(questions()).toEqual([]);
  });
});
