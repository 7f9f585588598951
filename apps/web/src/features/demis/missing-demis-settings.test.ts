import { ROLE } from '@tz/shared/constants';
import { MSG } from '@tz/shared/messages';
import { describe, expect, it } from 'vitest';
import { missingDemisSettingsOffer } from './missing-demis-settings';

describe('Missing DEMIS settings dialog', () => {
  it.each([1, ROLE.platformAdmin, ROLE.admin])('offers role %i the settings', (roleId) => {
    expect(missingDemisSettingsOffer(roleId)).toEqual({ text: MSG.missingDemisSettingsText, offerSettings: true });
  });

  it.each([ROLE.manager, ROLE.staff])('tells role %i to ask the administration instead', (roleId) => {
    expect(missingDemisSettingsOffer(roleId)).toEqual({ text: MSG.missingDemisSettingsAskAdmin, offerSettings: false });
  });
});
