/**
 * The network's proxy asks for a user name and password (Electron's `login` with
 * authInfo.isProxy). Answered from memory, else from the keychain (if the technician chose
 * "remember"), else by asking the page once: a `proxy-login` push event, which the page answers
 * with the contract operation `answerProxyLogin` (renderer/src/components/shell/ProxyLogin.svelte).
 * One question per proxy at a time, however many requests are waiting. Credentials the proxy
 * refuses are forgotten (memory and keychain) and the next question says they were refused.
 * The password is never logged. No window to ask in = cancelled.
 */
import { randomBytes } from 'node:crypto';
import { operations, type Envelope, type OperationResult, type PushEvent } from '../shared';
import type { CredentialStore } from '../core/core';
import type { Logger } from '../common/logger';

export interface ProxyChallenge {
  isProxy: boolean;
  host: string;
  port: number;
  realm: string;
  scheme: string;
}

interface ProxyCredentials {
  username: string;
  password: string;
}

type Answer =
  { kind: 'sign-in'; username: string; password: string; remember: boolean } | { kind: 'cancel' };

export interface ProxyLoginOptions {
  /** Sends to the page; false when there is no page to ask. */
  send(event: PushEvent): boolean;
  keychain: Pick<CredentialStore, 'get' | 'set' | 'delete'>;
  log: Pick<Logger, 'info' | 'warn'>;
  newId?: () => string;
}

export interface ProxyLogin {
  /** Credentials for this proxy, or null: cancelled, or nobody to ask. */
  credentials(challenge: ProxyChallenge): Promise<ProxyCredentials | null>;
  /** The proxy refused what `credentials` gave: forget it; the next question says so. */
  refused(challenge: ProxyChallenge): Promise<void>;
  /** The page's answer (validated by the contract): false when no question had that id. */
  answer(id: string, answer: Answer): Promise<boolean>;
}

/** One proxy (and realm): what the keychain entry and the memory are keyed by. */
const proxyKey = (c: ProxyChallenge): string => `${c.host}:${c.port}`;
const keychainAccount = (c: ProxyChallenge): string => `proxy:${proxyKey(c)}`;

export const createProxyLogin = ({
  send,
  keychain,
  log,
  newId = () => randomBytes(8).toString('hex'),
}: ProxyLoginOptions): ProxyLogin => {
  const remembered = new Map<string, ProxyCredentials>();
  const refusedBefore = new Set<string>();
  /** Open questions: by id (for the answer) and by proxy (one question per proxy). */
  const open = new Map<string, { key: string; resolve: (answer: Answer) => void }>();
  const asking = new Map<string, Promise<ProxyCredentials | null>>();

  const fromKeychain = async (c: ProxyChallenge): Promise<ProxyCredentials | null> => {
    try {
      const stored = await keychain.get(keychainAccount(c));
      if (stored === null) return null;
      const parsed = JSON.parse(stored) as Partial<ProxyCredentials>;
      return typeof parsed.username === 'string' && typeof parsed.password === 'string'
        ? { username: parsed.username, password: parsed.password }
        : null;
    } catch (error) {
      log.warn('Could not read the remembered proxy sign-in', { proxy: proxyKey(c), error });
      return null;
    }
  };

  const ask = (c: ProxyChallenge): Promise<ProxyCredentials | null> => {
    const key = proxyKey(c);
    const id = newId();
    const answered = new Promise<Answer>((resolve) => open.set(id, { key, resolve }));
    const shown = send({
      type: 'proxy-login',
      id,
      host: c.host,
      port: c.port,
      realm: c.realm,
      refused: refusedBefore.has(key),
    });
    if (!shown) {
      open.delete(id);
      log.warn('The proxy asks for a sign-in, and there is no window to ask in', { proxy: key });
      return Promise.resolve(null);
    }
    log.info('The proxy asks for a sign-in', { proxy: key, scheme: c.scheme });
    return answered.then(async (answer) => {
      if (answer.kind === 'cancel') {
        log.info('Proxy sign-in cancelled', { proxy: key });
        return null;
      }
      const credentials = { username: answer.username, password: answer.password };
      remembered.set(key, credentials);
      refusedBefore.delete(key);
      if (answer.remember) {
        await keychain
          .set(keychainAccount(c), JSON.stringify(credentials))
          .catch((error: unknown) =>
            log.warn('Could not keep the proxy sign-in in the keychain', { proxy: key, error }),
          );
      }
      return credentials;
    });
  };

  return {
    async credentials(c) {
      if (!c.isProxy) return null;
      const key = proxyKey(c);
      const known = remembered.get(key) ?? (await fromKeychain(c));
      if (known) {
        remembered.set(key, known);
        return known;
      }
      let question = asking.get(key);
      if (!question) {
        question = ask(c).finally(() => asking.delete(key));
        asking.set(key, question);
      }
      return question;
    },
    async refused(c) {
      const key = proxyKey(c);
      remembered.delete(key);
      refusedBefore.add(key);
      log.warn('The proxy refused the sign-in', { proxy: key });
      await keychain.delete(keychainAccount(c)).catch(() => false);
    },
    async answer(id, answer) {
      const question = open.get(id);
      if (!question) return false;
      open.delete(id);
      question.resolve(answer);
      return true;
    },
  };
};

/** The page's `answerProxyLogin`, checked against the contract, handed to ProxyLogin. */
export const answerProxyLogin = async (
  login: Pick<ProxyLogin, 'answer'>,
  input: unknown,
): Promise<Envelope<OperationResult<'answerProxyLogin'>>> => {
  const parsed = operations.answerProxyLogin.input.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      error: { kind: 'validation', code: 'proxy_login_incomplete' },
    };
  return { ok: true, value: { accepted: await login.answer(parsed.data.id, parsed.data.answer) } };
};
