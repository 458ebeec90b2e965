import { useId, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { filtersToQuery, type TransactionFilters } from '../../../machines/transactionList.machine';
import { currencyCodes } from '../../../schemas/accounts.schema';
import { transactionStatuses, transactionTypes } from '../../../schemas/transactions.schema';
import { transactionStatusText, transactionTypeText } from '../../i18n/transactionMessages';
import { usePhoneLayout } from '../../app/usePhoneLayout';
import { Button } from '../../ui/Button';
import { Card, Row } from '../../ui/Layout';
import { TextField } from '../../ui/TextField';
import { OptionSelectField } from '../../ui/SelectField';

const Fields = styled.div`
  display: grid;
  gap: 0 ${({ theme }) => theme.space(4)};
  /* A long option (a Greek "any status") must not widen the column past the screen. */
  > * {
    min-width: 0;
  }
  select {
    max-width: 100%;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
`;

const labels = defineMessages({
  from: { id: 'transactions.filters.from', defaultMessage: 'From date' },
  to: { id: 'transactions.filters.to', defaultMessage: 'To date' },
  badRange: { id: 'transactions.filters.badRange', defaultMessage: 'The end date is before the start date.' },
  status: { id: 'transactions.filters.status', defaultMessage: 'Status' },
  anyStatus: { id: 'transactions.filters.anyStatus', defaultMessage: 'Any status' },
  type: { id: 'transactions.filters.type', defaultMessage: 'Type' },
  anyType: { id: 'transactions.filters.anyType', defaultMessage: 'Any type' },
  account: { id: 'transactions.filters.account', defaultMessage: 'Account' },
  anyAccount: { id: 'transactions.filters.anyAccount', defaultMessage: 'All accounts' },
  q: { id: 'transactions.filters.q', defaultMessage: 'Search' },
  qHint: { id: 'transactions.filters.qHint', defaultMessage: 'Name, IBAN, wallet tag, reference or note' },
});

type Draft = Required<Record<keyof TransactionFilters, string>>;

const toDraft = (filters: TransactionFilters): Draft => ({
  from: filters.from ?? '',
  to: filters.to ?? '',
  status: filters.status ?? '',
  type: filters.type ?? '',
  q: filters.q ?? '',
  account: filters.account ?? '',
});

function fromDraft(draft: Draft): TransactionFilters {
  const filters: TransactionFilters = {};
  for (const [key, value] of Object.entries(draft) as Array<[keyof Draft, string]>) {
    if (value.trim()) filters[key] = value.trim();
  }
  return filters;
}

/**
 * The list's filters (date range, status, type, text, account). Nothing applies until "Apply filters", so the list
 * does not reload under the user's hands while typing; the parent puts the result in the address.
 */
export function FiltersForm({
  filters,
  onApply,
}: {
  filters: TransactionFilters;
  onApply: (filters: TransactionFilters) => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const formId = useId();
  // On a phone the form (about 700 px of fields) is folded until asked for; wider, it is always there.
  const phone = usePhoneLayout();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(() => toDraft(filters));
  // Filters changed from outside (back, forward, a link): the form shows them. Adjusted while rendering rather than
  // by remounting, so focus stays on the button that applied them.
  const applied = filtersToQuery(filters);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setDraft(toDraft(filters));
  }
  const set = (key: keyof Draft) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));
  const t = (key: keyof typeof labels) => intl.formatMessage(labels[key]);

  // Days as YYYY-MM-DD compare as text; the server refuses an end before the start.
  const badRange = draft.from !== '' && draft.to !== '' && draft.to < draft.from;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!badRange) onApply(fromDraft(draft));
  };
  const clear = () => {
    setDraft(toDraft({}));
    onApply({});
  };

  const appliedCount = Object.keys(filters).length;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id="transactions.filters.heading" defaultMessage="Filters" />
      </h2>
      {phone ? (
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen((now) => !now)}
        >
          {open ? (
            <FormattedMessage id="transactions.filters.hide" defaultMessage="Hide filters" />
          ) : (
            <FormattedMessage
              id="transactions.filters.show"
              defaultMessage="{count, plural, =0 {Show filters} one {Show filters (# applied)} other {Show filters (# applied)}}"
              values={{ count: appliedCount }}
            />
          )}
        </Button>
      ) : null}
      <form id={formId} onSubmit={submit} aria-labelledby={headingId} hidden={phone && !open}>
        <Fields>
          <TextField
            label={t('from')}
            type="date"
            name="from"
            value={draft.from}
            onChange={(event) => set('from')(event.target.value)}
          />
          <TextField
            label={t('to')}
            type="date"
            name="to"
            value={draft.to}
            error={badRange ? t('badRange') : null}
            onChange={(event) => set('to')(event.target.value)}
          />
          <OptionSelectField
            label={t('status')}
            name="status"
            value={draft.status}
            onChange={set('status')}
            options={[
              { value: '', label: t('anyStatus') },
              ...transactionStatuses.map((status) => ({
                value: status,
                label: transactionStatusText(intl, status),
              })),
            ]}
          />
          <OptionSelectField
            label={t('type')}
            name="type"
            value={draft.type}
            onChange={set('type')}
            options={[
              { value: '', label: t('anyType') },
              ...transactionTypes.map((type) => ({ value: type, label: transactionTypeText(intl, type) })),
            ]}
          />
          <OptionSelectField
            label={t('account')}
            name="account"
            value={draft.account}
            onChange={set('account')}
            options={[
              { value: '', label: t('anyAccount') },
              ...currencyCodes.map((code) => ({ value: code.toLowerCase(), label: code })),
            ]}
          />
          <TextField
            label={t('q')}
            hint={t('qHint')}
            type="search"
            name="q"
            maxLength={100}
            value={draft.q}
            onChange={(event) => set('q')(event.target.value)}
          />
        </Fields>
        <Row>
          <Button type="submit">
            <FormattedMessage id="transactions.filters.apply" defaultMessage="Apply filters" />
          </Button>
          <Button variant="secondary" onClick={clear}>
            <FormattedMessage id="transactions.filters.clear" defaultMessage="Clear filters" />
          </Button>
        </Row>
      </form>
    </Card>
  );
}
