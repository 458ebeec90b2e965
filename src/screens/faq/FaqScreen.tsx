import { useCallback, useDeferredValue, useId, useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { Card, Muted, Page, Row } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { LoadFailure } from '../LoadFailure';
import { useLoad } from '../../app/useLoad';
import { countEntries, filterFaq, type FaqCategory } from './faqSearch';
import { loadFaqFromApi, type LoadFaq } from './faqService';

const m = defineMessages({
  title: { id: 'faq.title', defaultMessage: 'Frequently asked questions' },
  intro: {
    id: 'faq.intro',
    defaultMessage:
      'Answers about accounts, payments, cards, plans and security. Type a few words to find one.',
  },
  search: { id: 'faq.search', defaultMessage: 'Search the questions' },
  searchHint: { id: 'faq.searchHint', defaultMessage: 'Searches the questions and their answers.' },
  clear: { id: 'faq.clear', defaultMessage: 'Clear the search' },
  empty: { id: 'faq.empty', defaultMessage: 'There are no questions here yet.' },
});

const counted = {
  found: defineMessage<{ count: number }>({
    id: 'faq.found',
    defaultMessage:
      '{count, plural, =0 {No questions found} one {# question found} other {# questions found}}',
  }),
  all: defineMessage<{ count: number }>({
    id: 'faq.all',
    defaultMessage: '{count, plural, one {# question} other {# questions}}',
  }),
  none: defineMessage<{ query: string }>({
    id: 'faq.none',
    defaultMessage: 'No question matches “{query}”. Try other or fewer words.',
  }),
};

const Entries = styled.div`
  display: flex;
  flex-direction: column;
`;

const Entry = styled.details`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-child {
    border-top: none;
  }
  summary {
    cursor: pointer;
    font-weight: 600;
    padding: ${({ theme }) => `${theme.space(3)} 0`};
    min-height: 44px;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    line-height: 1.6;
    white-space: pre-line;
  }
`;

function CategorySection({
  category,
  open,
  target,
}: {
  category: FaqCategory;
  open: boolean;
  /** The entry the address names (`/faq#top-up-bank-transfer`): shown open. */
  target: string;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{category.title}</h2>
      <Entries>
        {category.entries.map((entry) => (
          // While searching, the answers that matched are shown; a fresh search opens them again.
          <Entry
            key={`${entry.id}-${open ? 'open' : 'closed'}`}
            id={entry.id}
            open={open || entry.id === target}
          >
            <summary>{entry.question}</summary>
            <p>{entry.answer}</p>
          </Entry>
        ))}
      </Entries>
    </Card>
  );
}

/**
 * SPEC §2 /faq, public: the questions of the server's FAQ in the reader's language, grouped by category, with a search
 * over questions and answers that runs in the browser (accents and case do not matter).
 */
export function FaqScreen({ loadFaq = loadFaqFromApi }: { loadFaq?: LoadFaq }) {
  const intl = useIntl();
  const locale = intl.locale.toLowerCase().startsWith('el') ? 'el' : 'en';
  const load = useCallback((signal: AbortSignal) => loadFaq(locale, signal), [loadFaq, locale]);
  const { state, reload } = useLoad(locale, load);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const statusId = useId();
  const target = useLocation().hash.replace(/^#/, '');

  let body;
  if (state.status === 'loading') body = <PageSpinner />;
  else if (state.status === 'failed') body = <LoadFailure failure={state.failure} onRetry={reload} />;
  else {
    const searching = deferredQuery.trim().length > 0;
    const shown = filterFaq(state.data, deferredQuery);
    const count = countEntries(shown);
    body = (
      <>
        <form role="search" onSubmit={(event) => event.preventDefault()}>
          <TextField
            type="search"
            name="q"
            label={intl.formatMessage(m.search)}
            hint={intl.formatMessage(m.searchHint)}
            value={query}
            autoComplete="off"
            describedBy={statusId}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
        <Muted id={statusId} role="status">
          {searching
            ? intl.formatMessage(counted.found, { count })
            : intl.formatMessage(counted.all, { count })}
        </Muted>
        {countEntries(state.data) === 0 ? <Muted>{intl.formatMessage(m.empty)}</Muted> : null}
        {searching && count === 0 ? (
          <Card>
            <p>{intl.formatMessage(counted.none, { query: deferredQuery.trim() })}</p>
            <Row>
              <Button variant="secondary" onClick={() => setQuery('')}>
                {intl.formatMessage(m.clear)}
              </Button>
            </Row>
          </Card>
        ) : null}
        {shown.map((category) => (
          <CategorySection key={category.id} category={category} open={searching} target={target} />
        ))}
      </>
    );
  }

  return (
    <Page>
      <h1>
        <FormattedMessage {...m.title} />
      </h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      {body}
    </Page>
  );
}

export default FaqScreen;
