import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { AnalyticsError } from '../../../machines/analytics.machine';
import type { AnalyticsRange, ExpenseCategory } from '../../../schemas/analytics.schema';
import { errorMessages } from '../../i18n/errorMessages';

type Values = Record<string, string>;

export const analyticsText = {
  ...defineMessages({
    title: { id: 'analytics.title', defaultMessage: 'Analytics' },
    intro: {
      id: 'analytics.intro',
      defaultMessage: 'Where your money came from and where it went. Amounts include fees.',
    },
    controls: { id: 'analytics.controls', defaultMessage: 'What to show' },
    range: { id: 'analytics.range', defaultMessage: 'Period' },
    currency: { id: 'analytics.currency', defaultMessage: 'Currency' },
    noData: { id: 'analytics.noData', defaultMessage: 'No data found for this currency.' },
    noDataHint: {
      id: 'analytics.noDataHint',
      defaultMessage: 'Choose another period or currency, or come back after your first payments.',
    },
    forbidden: {
      id: 'analytics.forbidden',
      defaultMessage:
        'You may see only the payments made with your own cards, so analytics are not available to you.',
    },
    retry: { id: 'analytics.retry', defaultMessage: 'Try again' },
    showAsTable: { id: 'analytics.showAsTable', defaultMessage: 'Show as table' },
    moneyIn: { id: 'analytics.moneyIn', defaultMessage: 'Money in' },
    moneyOut: { id: 'analytics.moneyOut', defaultMessage: 'Money out' },
    net: { id: 'analytics.net', defaultMessage: 'Net' },
    totals: { id: 'analytics.totals', defaultMessage: 'Totals' },
    overTime: { id: 'analytics.overTime', defaultMessage: 'Money in and out over time' },
    day: { id: 'analytics.day', defaultMessage: 'Day' },
    month: { id: 'analytics.month', defaultMessage: 'Month' },
    expenses: { id: 'analytics.expenses', defaultMessage: 'Expenses per category' },
    category: { id: 'analytics.category', defaultMessage: 'Category' },
    amount: { id: 'analytics.amount', defaultMessage: 'Amount' },
    share: { id: 'analytics.share', defaultMessage: 'Share' },
    payments: { id: 'analytics.payments', defaultMessage: 'Payments' },
    noExpenses: { id: 'analytics.noExpenses', defaultMessage: 'No money went out in this period.' },
    monthly: { id: 'analytics.monthly', defaultMessage: 'Monthly amounts' },
    monthlyHint: {
      id: 'analytics.monthlyHint',
      defaultMessage: 'The last twelve months, whatever the period.',
    },
    top: { id: 'analytics.top', defaultMessage: 'Top counterparties' },
    topIn: { id: 'analytics.topIn', defaultMessage: 'Paid you the most' },
    topOut: { id: 'analytics.topOut', defaultMessage: 'You paid the most' },
    counterparty: { id: 'analytics.counterparty', defaultMessage: 'Counterparty' },
    direction: { id: 'analytics.direction', defaultMessage: 'Direction' },
    nobody: { id: 'analytics.nobody', defaultMessage: 'Nobody in this period.' },
  }),
  rangeLabel: defineMessages<AnalyticsRange>({
    week: { id: 'analytics.range.week', defaultMessage: 'Week' },
    month: { id: 'analytics.range.month', defaultMessage: 'Month' },
    year: { id: 'analytics.range.year', defaultMessage: 'Year' },
  }),
  rangeHint: defineMessages<AnalyticsRange>({
    week: { id: 'analytics.range.week.hint', defaultMessage: 'the last 7 days' },
    month: { id: 'analytics.range.month.hint', defaultMessage: 'the last 30 days' },
    year: { id: 'analytics.range.year.hint', defaultMessage: 'the last 12 months' },
  }),
  showing: defineMessage<Values>({
    id: 'analytics.showing',
    defaultMessage: '{range} ({hint}): {dates}, in {currency}',
  }),
  barIn: defineMessage<Values>({ id: 'analytics.bar.in', defaultMessage: '{name}: money in {amount}' }),
  barOut: defineMessage<Values>({ id: 'analytics.bar.out', defaultMessage: '{name}: money out {amount}' }),
  overTimeSummary: defineMessage<Values>({
    id: 'analytics.overTime.summary',
    defaultMessage:
      'Bar chart of money in and out from {from} to {to}: {moneyIn} in, {moneyOut} out. The largest day or month in: {bestIn}; out: {bestOut}.',
  }),
  monthlySummary: defineMessage<Values>({
    id: 'analytics.monthly.summary',
    defaultMessage:
      'Bar chart of money in and out per month from {from} to {to}: {moneyIn} in, {moneyOut} out.',
  }),
  expenseDetail: defineMessage<{ count: number; share: string }>({
    id: 'analytics.expense.detail',
    defaultMessage: '{count, plural, one {# payment} other {# payments}} · {share}',
  }),
  counterpartyDetail: defineMessage<{ count: number }>({
    id: 'analytics.counterparty.detail',
    defaultMessage: '{count, plural, one {# payment} other {# payments}}',
  }),
  countIn: defineMessage<{ count: number }>({
    id: 'analytics.count.in',
    defaultMessage: '{count, plural, one {# payment in} other {# payments in}}',
  }),
  countOut: defineMessage<{ count: number }>({
    id: 'analytics.count.out',
    defaultMessage: '{count, plural, one {# payment out} other {# payments out}}',
  }),
};

const categoryTexts = defineMessages<ExpenseCategory>({
  card_pos: { id: 'analytics.category.card_pos', defaultMessage: 'Card payments in shops' },
  card_online: { id: 'analytics.category.card_online', defaultMessage: 'Online card payments' },
  card_atm: { id: 'analytics.category.card_atm', defaultMessage: 'Cash withdrawals' },
  card_order: { id: 'analytics.category.card_order', defaultMessage: 'Card orders' },
  account_to_account: {
    id: 'analytics.category.account_to_account',
    defaultMessage: 'Payments to Tameio wallets',
  },
  bank_transfer: { id: 'analytics.category.bank_transfer', defaultMessage: 'Bank transfers' },
  face_to_face: { id: 'analytics.category.face_to_face', defaultMessage: 'Face-to-face payments' },
  subscription: { id: 'analytics.category.subscription', defaultMessage: 'Plan fees' },
  advertising: { id: 'analytics.category.advertising', defaultMessage: 'Advertising' },
  fees: { id: 'analytics.category.fees', defaultMessage: 'Fees' },
  other: { id: 'analytics.category.other', defaultMessage: 'Other' },
});

export function expenseCategoryText(intl: IntlShape, category: ExpenseCategory): string {
  return intl.formatMessage(categoryTexts[category]);
}

export function analyticsErrorText(intl: IntlShape, error: AnalyticsError): string {
  switch (error) {
    case 'forbidden':
      return intl.formatMessage(analyticsText.forbidden);
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'unknown':
      return intl.formatMessage(errorMessages.unknown);
  }
}
