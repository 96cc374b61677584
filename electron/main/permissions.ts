/**
 * The renderer gets exactly one permission: the camera (video only, no microphone), and only
 * when the app's own page asks. Everything else — and every device chooser — is refused.
 */
import type { Session } from 'electron';
import { isAppOrigin, isAppUrl } from './app-origin';

interface MediaRequestDetails {
  requestingUrl?: string;
  mediaTypes?: readonly string[];
  isMainFrame?: boolean;
}

const shouldGrantPermissionRequest = (
  permission: string,
  details: MediaRequestDetails,
): boolean => {
  if (permission !== 'media') return false;
  const types = details.mediaTypes ?? [];
  return (
    details.isMainFrame === true &&
    details.requestingUrl !== undefined &&
    isAppUrl(details.requestingUrl) &&
    types.length > 0 &&
    types.every((type) => type === 'video')
  );
};

const shouldGrantPermissionCheck = (
  permission: string,
  requestingOrigin: string,
  mediaType: string | undefined,
): boolean => permission === 'media' && mediaType === 'video' && isAppOrigin(requestingOrigin);

export const setupPermissions = (session: Session): void => {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const media = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      shouldGrantPermissionRequest(permission, {
        requestingUrl: details.requestingUrl,
        isMainFrame: details.isMainFrame,
        ...(media !== undefined ? { mediaTypes: media } : {}),
      }),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    shouldGrantPermissionCheck(permission, requestingOrigin, details.mediaType),
  );
  session.setDevicePermissionHandler(() => false);
};
