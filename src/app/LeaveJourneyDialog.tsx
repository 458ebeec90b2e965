import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

const m = defineMessages({
  title: { id: 'journey.leave.title', defaultMessage: 'Leave this payment?' },
  body: {
    id: 'journey.leave.body',
    defaultMessage: 'It has not been paid. If you leave now, what you entered here is not kept.',
  },
  stay: { id: 'journey.leave.stay', defaultMessage: 'Stay' },
  leave: { id: 'journey.leave.leave', defaultMessage: 'Leave' },
});

/**
 * Asked when a link would leave a journey with money on it that is not paid yet (src/app/usePersistedJourney.ts);
 * Escape and "Stay" keep the journey. Back between the journey's steps never asks.
 */
export function LeaveJourneyDialog({
  leaving,
  onStay,
  onLeave,
}: {
  leaving: string | null;
  onStay: () => void;
  onLeave: () => void;
}) {
  const intl = useIntl();
  if (leaving === null) return null;
  return (
    <Dialog
      title={intl.formatMessage(m.title)}
      onEscape={onStay}
      actions={
        <>
          <Button variant="secondary" onClick={onStay} data-autofocus="">
            {intl.formatMessage(m.stay)}
          </Button>
          <Button onClick={onLeave}>{intl.formatMessage(m.leave)}</Button>
        </>
      }
    >
      <p>{intl.formatMessage(m.body)}</p>
    </Dialog>
  );
}
