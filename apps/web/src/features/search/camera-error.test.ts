import { cameraOtherError, MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { cameraErrorMessage } from './camera-error';

const err = (name: string) => Object.assign(new Error('x'), { name });

describe('camera error messages', () => {
  it('names permission denied, no camera, in use and insecure context in German', () => {
    expect(cameraErrorMessage(err('NotAllowedError'), true)).toBe(MSG.cameraPermissionDenied);
    expect(cameraErrorMessage(err('NotFoundError'), true)).toBe(MSG.cameraNotFound);
    expect(cameraErrorMessage(err('NotReadableError'), true)).toBe(MSG.cameraInUse);
    expect(cameraErrorMessage(err('NotAllowedError'), false)).toBe(MSG.cameraInsecure);
  });

  it('names the errors no specific text is true for: constraints, abort, security on a secure page', () => {
    for (const name of ['OverconstrainedError', 'AbortError', 'SecurityError']) {
      expect(cameraErrorMessage(err(name), true)).toBe(cameraOtherError(name));
    }
  });

  it('shows any other error with its name', () => {
    expect(cameraErrorMessage(err('TypeError'), true)).toBe(cameraOtherError('TypeError'));
    expect(cameraErrorMessage('kaputt', true)).toBe(cameraOtherError('Error'));
  });
});
