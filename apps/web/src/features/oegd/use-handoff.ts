import { buildHandoffPayload, type HandoffLanguage } from '@tz/shared/rules/handoff-payload';
import { api } from '../../api/client';
import { useAuth } from '../../auth/use-session';
import { useHost } from '../../layout/use-host';
import { postForm } from '../../ui/post-form';

export type HandoffSystem = 'declaration' | 'certificate';

/**
 * Paper declaration and certificate system: a form post with the base64
 * payload to the address configured for this host, in a new window. The
 * window opens at the click (so no popup blocker objects), the post follows
 * once the appointment's data has arrived.
 */
export function useHandoff() {
  const auth = useAuth();
  const host = useHost();
  const urlOf = (system: HandoffSystem) =>
    system === 'declaration' ? host.data?.declaration_url : host.data?.cert_system_url;

  const open = async (system: HandoffSystem, appointmentToken: string, lang: HandoffLanguage) => {
    const url = urlOf(system);
    if (!url) return;
    const target = `tz-${system}-${Date.now()}`;
    const win = window.open('about:blank', target);
    try {
      // The contract on the click: not with the appointment rows that show this action (issue 28).
      const { getHandoffData } = await import('@tz/shared/oegd/oegd.contract');
      const data = await api(getHandoffData, { params: { staffId: auth.staffId, token: appointmentToken } });
      const payload = buildHandoffPayload({
        token: auth.token,
        host: window.location.hostname,
        staff_id: auth.staffId,
        customer_appointment_id: data.customer_appointment_id,
        customer: data.customer,
        address: data.address,
        appointment: data.appointment,
        lang,
      });
      postForm(url, { data: payload, lang }, win ? target : '_blank');
    } catch (e) {
      win?.close();
      throw e;
    }
  };
  return { open, available: (system: HandoffSystem) => !!urlOf(system) };
}
