/** getUserMedia failures in words a technician understands, each with a next step. */
import { m } from '../i18n';

export interface CameraProblem {
  message: string;
  nextStep: string;
}

export function describeCameraError(error: unknown): CameraProblem {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return {
        message: m.camera_blocked(),
        nextStep: m.camera_blocked_next({ app: m.app_name() }),
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return { message: m.camera_not_found(), nextStep: m.camera_not_found_next() };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return { message: m.camera_in_use(), nextStep: m.camera_in_use_next() };
    case 'CameraUnsupported':
      return {
        message: m.camera_unsupported(),
        nextStep: m.camera_unsupported_next({ app: m.app_name() }),
      };
    default:
      return { message: m.camera_failed(), nextStep: m.camera_failed_next() };
  }
}

export function describeDecoderError(): CameraProblem {
  return { message: m.camera_decoder_failed(), nextStep: m.camera_decoder_failed_next() };
}
