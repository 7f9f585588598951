import { MSG } from '@tz/shared/messages';
import { mayOpen } from '../../route-access';

/**
 * What the 'Missing DEMIS settings' dialog says to a role: the way to the
 * settings for those who may open them (route-access.ts), the request to ask
 * the centre's administration for everyone else.
 */
export function missingDemisSettingsOffer(roleId: number): { text: string; offerSettings: boolean } {
  return mayOpen('settings', roleId)
    ? { text: MSG.missingDemisSettingsText, offerSettings: true }
    : { text: MSG.missingDemisSettingsAskAdmin, offerSettings: false };
}
