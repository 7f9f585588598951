import { cameraOtherError, MSG } from '@tz/shared/messages';

/**
 * The German text for a camera failure (core-workflow §8 Camera): permission
 * denied, no camera, in use by another app, insecure context; any other by its name.
 */
export function cameraErrorMessage(error: unknown, secureContext: boolean): string {
  if (!secureContext) return MSG.cameraInsecure;
  const name =
    error instanceof Error || (typeof error === 'object' && error && 'name' in error)
      ? String((error as { name: unknown }).name)
      : 'Error';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return MSG.cameraPermissionDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return MSG.cameraNotFound;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return MSG.cameraInUse;
    case 'SecurityError':
      return MSG.cameraInsecure;
    default:
      return cameraOtherError(name);
  }
}
