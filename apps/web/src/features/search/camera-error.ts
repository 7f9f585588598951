import { cameraOtherError, MSG } from '@tz/shared/messages';

/**
 * The German text for a camera failure (core-workflow §8 Camera): permission
 * denied, no camera, in use by another app, insecure context; any other by its
 * name. A specific text only where it is true: OverconstrainedError (a camera
 * exists but cannot deliver what was asked), AbortError (it failed for another
 * reason) and SecurityError (camera use is switched off for the page, e.g. by a
 * permissions policy, on a secure connection too) are named as they are.
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
      return MSG.cameraNotFound;
    case 'NotReadableError':
    case 'TrackStartError':
      return MSG.cameraInUse;
    default:
      return cameraOtherError(name);
  }
}
