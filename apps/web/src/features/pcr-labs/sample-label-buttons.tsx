import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tz/shared/messages';
import { LABEL_FORMAT_TEXT, LABEL_FORMATS } from '@tz/shared/pcr-labs/pcr-labs.contract';
import { ApiError } from '../../api/client';
import { useSampleLabel } from './use-pcr-labs';

// the accessible name starts with the visible text (axe label-content-name-mismatch)
const TEXT = { '62mm': 'Etikett 62 mm', a4: 'Etiketten A4' } as const;

/** The sample label of a PCR appointment as PDF: 62 mm label printer or A4 sheet (3 × 8). */
export function SampleLabelButtons(p: {
  staffId: number;
  appointmentId: number;
  name: string;
  size?: 'xs' | 'compact-xs';
}) {
  const label = useSampleLabel(p.staffId);
  return LABEL_FORMATS.map((format) => (
    <Button
      key={format}
      size={p.size ?? 'xs'}
      variant="default"
      aria-label={`${TEXT[format]} für ${p.name}`}
      title={`Probenetikett: ${LABEL_FORMAT_TEXT[format]}`}
      loading={label.isPending && label.variables?.format === format}
      onClick={() =>
        label.mutate(
          { appointmentId: p.appointmentId, format },
          {
            onError: (e) =>
              notifications.show({
                color: 'red',
                title: MSG.errorTitle,
                message: e instanceof ApiError && e.status < 500 ? e.message : MSG.genericError,
              }),
          },
        )
      }
    >
      {TEXT[format]}
    </Button>
  ));
}
