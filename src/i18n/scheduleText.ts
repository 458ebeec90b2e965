import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { ScheduleFrequency, ScheduleStatus } from '../../schemas/scheduledPayments.schema';

const frequencies = defineMessages({
  once: { id: 'schedule.frequency.once', defaultMessage: 'Once' },
  daily: { id: 'schedule.frequency.daily', defaultMessage: 'Every day' },
  weekly: { id: 'schedule.frequency.weekly', defaultMessage: 'Every week' },
  monthly: { id: 'schedule.frequency.monthly', defaultMessage: 'Every month' },
  yearly: { id: 'schedule.frequency.yearly', defaultMessage: 'Every year' },
});

const statuses = defineMessages({
  active: { id: 'schedule.status.active', defaultMessage: 'Active' },
  completed: { id: 'schedule.status.completed', defaultMessage: 'Completed' },
  cancelled: { id: 'schedule.status.cancelled', defaultMessage: 'Cancelled' },
});

const when = {
  once: defineMessage<Record<string, string>>({
    id: 'schedule.when.once',
    defaultMessage: 'Once, on {start}',
  }),
  until: defineMessage<Record<string, string>>({
    id: 'schedule.when.until',
    defaultMessage: '{frequency} from {start} until {end}',
  }),
  open: defineMessage<Record<string, string>>({
    id: 'schedule.when.open',
    defaultMessage: '{frequency} from {start} until you cancel',
  }),
};

export const frequencyText = (intl: IntlShape, frequency: ScheduleFrequency): string =>
  intl.formatMessage(frequencies[frequency]);

export const statusText = (intl: IntlShape, status: ScheduleStatus): string =>
  intl.formatMessage(statuses[status]);

/** A calendar date (YYYY-MM-DD, UTC as the server keeps it) in the reader's language. */
export function calendarDateText(intl: IntlShape, date: string): string {
  return intl.formatDate(new Date(`${date}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "Every month from 15 Jan 2026 until you cancel", "Once, on 1 Feb 2026". */
export function scheduleText(
  intl: IntlShape,
  schedule: { frequency: ScheduleFrequency; startDate: string; endDate: string | null },
): string {
  const start = calendarDateText(intl, schedule.startDate);
  if (schedule.frequency === 'once') return intl.formatMessage(when.once, { start });
  const frequency = frequencyText(intl, schedule.frequency);
  if (schedule.endDate) {
    return intl.formatMessage(when.until, {
      frequency,
      start,
      end: calendarDateText(intl, schedule.endDate),
    });
  }
  return intl.formatMessage(when.open, { frequency, start });
}

/** "Demo Bakery (@demo-bakery)": who a scheduled payment goes to. */
export const recipientText = (recipient: { name: string; wallet_tag: string }): string =>
  `${recipient.name} (${recipient.wallet_tag})`;

/** Today's calendar date in UTC, the day the server's rules count from. */
export const utcToday = (): string => new Date(Date.now()).toISOString().slice(0, 10);
