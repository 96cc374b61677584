/** `tls: true` (tests, `npm run sandbox -- --tls`): HTTPS with a throwaway self-signed certificate. */
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { generate } from 'selfsigned';

export const tlsServer = async (): Promise<Server> => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return createHttpsServer({ key: pems.private, cert: pems.cert });
};
