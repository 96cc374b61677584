/** Debian's Chromium with a fake camera that plays a .y4m file. */
import { chromium, type Browser } from '@playwright/test';
import { chromiumExecutable } from '../../helpers/system-chromium';

/** `grantCamera: false` leaves the permission prompt to be refused, as a user who says no. */
export function launchWithCamera(videoFile: string, { grantCamera = true } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(),
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      ...(grantCamera ? ['--use-fake-ui-for-media-stream'] : []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
}
