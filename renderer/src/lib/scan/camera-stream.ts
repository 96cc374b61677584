/** Opening, listing and releasing cameras. */

/** Thrown when the page has no camera API at all (insecure origin, stripped-down webview). */
class CameraUnsupportedError extends Error {
  override name = 'CameraUnsupported';
}

export async function openCamera(deviceId?: string): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnsupportedError('No camera API');
  const video: MediaTrackConstraints = deviceId
    ? { deviceId: { exact: deviceId } }
    : { facingMode: { ideal: 'environment' } };
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { ...video, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

/** Labels are only filled in after permission is granted, so call this after openCamera. */
export async function listCameras(): Promise<MediaDeviceInfo[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices.filter((d) => d.kind === 'videoinput');
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export const activeDeviceId = (stream: MediaStream): string =>
  stream.getVideoTracks()[0]?.getSettings().deviceId ?? '';
