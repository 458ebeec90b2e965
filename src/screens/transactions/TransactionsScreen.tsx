import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  filtersFromQuery,
  filtersToQuery,
  sameFilters,
  selectCanRetry,
  selectFailure,
  selectFilters,
  selectHasMore,
  selectItems,
  selectLastPageSize,
  selectLoadingFirst,
  selectLoadingMore,
  type TransactionFilters,
} from '../../../machines/transactionList.machine';
import { api } from '../../api/client';
import {
  createTransactionListLogic,
  walletServices,
  type TransactionListLogic,
  type WalletServices,
} from '../../app/walletActors';
import { useJourneyActor } from '../../app/inspection';
import { useSessionActor } from '../../app/session';
import { selectUser } from '../../../machines/session.machine';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { Spinner } from '../../ui/Spinner';
import { ExportButtons } from './ExportButtons';
import { MonthlyStatement } from './MonthlyStatement';
import { FiltersForm } from './FiltersForm';
import { TransactionDetail } from './TransactionDetail';
import { TransactionTable } from './TransactionTable';

const defaultLogic = createTransactionListLogic(api);
const defaultServices = walletServices(api);

const Centered = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(6)};
`;

const More = styled(Row)`
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(4)};
`;

export type TransactionsScreenProps = {
  /** The list journey with its effect; tests provide fakes. */
  logic?: TransactionListLogic;
  /** The detail's read; tests provide fakes. */
  services?: WalletServices;
  /** The journey's clock (tests run it on a SimulatedClock). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** Inspection of the journey (tests catch the running actor this way). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
};

/**
 * SPEC §2 /transactions/:id?: the filtered list (machines/transactionList.machine.ts) and, with `:id`, that
 * transaction's details above it. The filters live in the query string: the form writes them there and the journey
 * follows the address, so a reload or the back button gives the same list.
 */
export function TransactionsScreen({
  logic = defaultLogic,
  services = defaultServices,
  clock,
  inspect,
}: TransactionsScreenProps) {
  const intl = useIntl();
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [initialFilters] = useState(() => filtersFromQuery(new URLSearchParams(location.search)));
  const list = useJourneyActor(logic, {
    input: { filters: initialFilters },
    ...(clock ? { clock } : {}),
    ...(inspect ? { inspect } : {}),
  });
  const items = useSelector(list, selectItems);
  const filters = useSelector(list, selectFilters);
  const failure = useSelector(list, selectFailure);
  const loadingFirst = useSelector(list, selectLoadingFirst);
  const loadingMore = useSelector(list, selectLoadingMore);
  const hasMore = useSelector(list, selectHasMore);
  const canRetry = useSelector(list, selectCanRetry);
  const lastPageSize = useSelector(list, selectLastPageSize);
  // Focus goes to the first row of a page the user asked for with "Load more", never on the first page.
  const [focusMore, setFocusMore] = useState(false);
  // Access level `own`: the list holds only the payments of the user's cards (server/transactions.ts), and says so.
  const ownCards = useSelector(useSessionActor(), selectUser)?.access_level === 'own';

  // The address is the source of the filters: follow it (form, reload, back and forward).
  useEffect(() => {
    const wanted = filtersFromQuery(new URLSearchParams(location.search));
    if (!sameFilters(wanted, list.getSnapshot().context.filters)) {
      list.send({ type: 'filters.change', filters: wanted });
    }
  }, [location.search, list]);

  const query = filtersToQuery(filters);
  const search = query ? `?${query}` : '';
  const apply = (next: TransactionFilters) => {
    setFocusMore(false);
    const nextQuery = filtersToQuery(next);
    if (nextQuery === query && !id) return;
    void navigate(`/transactions${nextQuery ? `?${nextQuery}` : ''}`);
  };
  const filtered = query !== '';
  // Filtered by account alone and nothing there: SPEC §8's words for a currency without data.
  const onlyAccount = filters.account !== undefined && Object.keys(filters).length === 1;

  const reason = failure
    ? intl.formatMessage(failure.kind === 'network' ? errorMessages.network : errorMessages.unknown)
    : null;
  const caption = intl.formatMessage({
    id: 'transactions.caption',
    defaultMessage: 'Transactions, newest first',
  });

  return (
    <Page>
      <h1>
        <FormattedMessage id="transactions.title" defaultMessage="Transactions" />
      </h1>
      {ownCards ? (
        <Muted>
          <FormattedMessage
            id="transactions.intro.ownCards"
            defaultMessage="Your cards and their transactions: the payments made with the cards given to you, not the company’s other transactions."
          />
        </Muted>
      ) : null}
      {id ? <TransactionDetail id={id} services={services} closeTo={`/transactions${search}`} /> : null}
      <FiltersForm filters={filters} onApply={apply} />
      {/* Statements carry the account's balances (companyData): not offered to an `own` user, who would get 403. */}
      {ownCards ? null : <ExportButtons filters={filters} />}
      <Card as="div" aria-busy={loadingFirst || loadingMore || undefined}>
        <p role="status">
          {loadingFirst ? (
            <FormattedMessage id="transactions.loading" defaultMessage="Loading transactions…" />
          ) : (
            <FormattedMessage
              id="transactions.count"
              defaultMessage="{count, plural, =0 {No transactions shown} one {# transaction shown} other {# transactions shown}}"
              values={{ count: items.length }}
            />
          )}
        </p>
        {failure && reason ? (
          <Alert role="alert">
            <FormattedMessage
              id="transactions.loadFailed"
              defaultMessage="We could not load the transactions. {reason}"
              values={{ reason }}
            />
          </Alert>
        ) : null}
        {loadingFirst ? (
          <Centered>
            <Spinner />
          </Centered>
        ) : null}
        {!loadingFirst && !failure && items.length === 0 ? (
          <Muted>
            {onlyAccount ? (
              <FormattedMessage
                id="wallet.noDataForCurrency"
                defaultMessage="No data found for this currency."
              />
            ) : filtered ? (
              <FormattedMessage
                id="transactions.noneMatch"
                defaultMessage="No transactions match these filters."
              />
            ) : ownCards ? (
              <FormattedMessage
                id="transactions.noneYet.ownCards"
                defaultMessage="No payments with your cards yet."
              />
            ) : (
              <FormattedMessage id="transactions.noneYet" defaultMessage="No transactions yet." />
            )}
          </Muted>
        ) : null}
        {!loadingFirst && items.length > 0 ? (
          <TransactionTable
            items={items}
            selectedId={id}
            search={search}
            caption={caption}
            focusFrom={
              focusMore && !loadingMore && items.length > lastPageSize ? items.length - lastPageSize : null
            }
          />
        ) : null}
        <More>
          {hasMore || loadingMore ? (
            <Button
              variant="secondary"
              busy={loadingMore}
              onClick={() => {
                setFocusMore(true);
                list.send({ type: 'list.loadMore' });
              }}
            >
              <FormattedMessage id="transactions.loadMore" defaultMessage="Load more" />
            </Button>
          ) : null}
          {canRetry ? (
            <Button variant="secondary" onClick={() => list.send({ type: 'list.retry' })}>
              <FormattedMessage id="transactions.retry" defaultMessage="Try again" />
            </Button>
          ) : null}
        </More>
      </Card>
      {ownCards ? null : <MonthlyStatement />}
    </Page>
  );
}

export default TransactionsScreen;
