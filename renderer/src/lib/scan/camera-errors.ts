/** getUserMedia failures in words a technician understands, each with a next step. */
import { m } from '../words/i18n';

export interface CameraProblem {
  message: string;
  nextStep: string;
}

type CameraFault = 'blocked' | 'not_found' | 'in_use' | 'unsupported' | 'failed';

const faultOf = (error: unknown): CameraFault => {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'blocked';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'not_found';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in_use';
    case 'CameraUnsupported':
      return 'unsupported';
    default:
      return 'failed';
  }
};

const PROBLEM: Record<CameraFault, () => string> = {
  blocked: m.camera_blocked,
  not_found: m.camera_not_found,
  in_use: m.camera_in_use,
  unsupported: m.camera_unsupported,
  failed: m.camera_failed,
};

/** For the scanner: its Try again button, or the other ways to enter a serial. */
const SCAN_NEXT: Record<CameraFault, () => string> = {
  blocked: () => m.camera_blocked_next({ app: m.app_name() }),
  not_found: m.camera_not_found_next,
  in_use: m.camera_in_use_next,
  unsupported: () => m.camera_unsupported_next({ app: m.app_name() }),
  failed: m.camera_failed_next,
};

/** For a placement photo: no serial to type and no Try again, the button is "Add photo". */
const PHOTO_NEXT: Record<CameraFault, () => string> = {
  blocked: () => m.photos_camera_blocked_next({ app: m.app_name() }),
  not_found: m.photos_camera_not_found_next,
  in_use: m.photos_camera_in_use_next,
  unsupported: () => m.photos_camera_unsupported_next({ app: m.app_name() }),
  failed: m.photos_camera_failed_next,
};

export function describeCameraError(error: unknown): CameraProblem {
  const fault = faultOf(error);
  return { message: PROBLEM[fault](), nextStep: SCAN_NEXT[fault]() };
}

export function describePhotoCameraError(error: unknown): CameraProblem {
  const fault = faultOf(error);
  return { message: PROBLEM[fault](), nextStep: PHOTO_NEXT[fault]() };
}

export function describeDecoderError(): CameraProblem {
  return { message: m.camera_decoder_failed(), nextStep: m.camera_decoder_failed_next() };
}
