/** getUserMedia failures in words a technician understands, each with a next step. */

export interface CameraProblem {
  message: string;
  nextStep: string;
}

const TYPE_INSTEAD = 'or use the handheld scanner or type the serial number.';

export function describeCameraError(error: unknown): CameraProblem {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return {
        message: 'Camera access is blocked.',
        nextStep: `Allow camera access for Field Installer in the system privacy settings and press Try again, ${TYPE_INSTEAD}`,
      };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return {
        message: 'No camera was found.',
        nextStep: `Connect a camera and press Try again, ${TYPE_INSTEAD}`,
      };
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return {
        message: 'The camera is in use by another app or could not start.',
        nextStep: `Close other apps that use the camera (such as video calls) and press Try again, ${TYPE_INSTEAD}`,
      };
    case 'CameraUnsupported':
      return {
        message: 'This window cannot use a camera.',
        nextStep:
          'Restart Field Installer; until then, use the handheld scanner or type the serial number.',
      };
    default:
      return {
        message: 'The camera could not start.',
        nextStep: `Press Try again, ${TYPE_INSTEAD}`,
      };
  }
}

export function describeDecoderError(): CameraProblem {
  return {
    message: 'The barcode reader could not start.',
    nextStep: 'Use the handheld scanner or type the serial number.',
  };
}
