import { protocol } from 'electron';
import { APP_SCHEME } from './app-origin';
import { createRendererHandler } from './renderer-files';

/**
 * Must run before app 'ready'. A standard + secure scheme gives the renderer a real origin
 * (so 'self' in the CSP, fetch and module scripts behave as on https) without a local server.
 */
export const registerAppScheme = (): void => {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
};

/** After 'ready': serve dist/renderer (inside app.asar when packaged) under app://installer/. */
export const setupProtocol = (rendererRoot: string): void => {
  protocol.handle(APP_SCHEME, createRendererHandler(rendererRoot));
};
