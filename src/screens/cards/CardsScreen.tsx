import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import type { Card as CardModel } from '../../../schemas/cards.schema';
import { canAccess } from '../../../schemas/permissions';
import { api, type ApiClient } from '../../api/client';
import { loadCards } from '../../app/cardActors';
import { useSessionActor } from '../../app/session';
import { cardStatusText } from '../../i18n/cardText';
import { CardFace } from '../../ui/CardFace';
import { Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { useLoad } from '../../app/useLoad';
import { cardsText as m } from './cardMessages';
import { CardControlsScreen, type CardControlsScreenProps } from './CardControlsScreen';
import { LinkRow } from '../../ui/Blocks';
import { useJourneyAddress } from '../../app/useJourneyAddress';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  }
  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(2)};
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(1)} 0`};
    font-weight: 700;
  }
  p {
    margin: 0;
  }
`;

function CardItem({ card }: { card: CardModel }) {
  const intl = useIntl();
  return (
    <li>
      <CardFace
        form={card.form}
        colour={card.colour}
        name={card.name}
        last4={card.last4}
        status={card.status}
      />
      <Link to={`/cards/${card.id}`} aria-label={intl.formatMessage(m.open, { name: card.name })}>
        {card.alias ? intl.formatMessage(m.nameAlias, { name: card.name, alias: card.alias }) : card.name}
      </Link>
      <Muted>
        {intl.formatMessage(m.itemMeta, {
          status: cardStatusText(intl, card.status),
          holder: card.holder.name,
        })}
      </Muted>
    </li>
  );
}

/** SPEC §2 /cards: the cards (face, name, status), each opening its page. */
export function CardsList({ client = api }: { client?: ApiClient }) {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  const load = useCallback((signal: AbortSignal) => loadCards(client, signal), [client]);
  const { state, reload } = useLoad('cards', load);
  let body;
  if (state.status === 'loading') body = <PageSpinner />;
  else if (state.status === 'failed') body = <LoadFailure failure={state.failure} onRetry={reload} />;
  else if (state.data.items.length === 0) body = <Muted>{intl.formatMessage(m.empty)}</Muted>;
  else {
    body = (
      <List>
        {state.data.items.map((card) => (
          <CardItem key={card.id} card={card} />
        ))}
      </List>
    );
  }
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      {user && canAccess(user, 'add-card') ? (
        <LinkRow>
          <Link to="/cards/add-card">{intl.formatMessage(m.add)}</Link>
        </LinkRow>
      ) : null}
      <Card>{body}</Card>
    </Page>
  );
}

type CardPageProps = Pick<CardControlsScreenProps, 'cardId' | 'view' | 'logic' | 'inspect' | 'clock'>;

/** One card's page; the address follows its journey, and another card's address starts a new one. */
export function CardPage(props: CardPageProps) {
  const user = useSelector(useSessionActor(), selectUser);
  const { run, follow } = useJourneyAddress();
  // A viewer only reads (schemas/cards.schema.ts); the server refuses the rest anyway.
  const readOnly = !user?.is_owner && user?.employee_type === 'viewer';
  return <CardControlsScreen key={run} {...props} readOnly={readOnly} follow={follow} />;
}

export type CardsScreenProps = {
  client?: ApiClient;
} & Partial<Pick<CardControlsScreenProps, 'logic' | 'inspect' | 'clock'>>;

/**
 * SPEC §2 /cards/:card? and /cards/:card/:id/card-limit, one layout: without `:card` the list; with it, that card's
 * page (`:card` the card's id); on /cards/:card/:id/card-limit `:card` is the card's form (physical or virtual) and
 * `:id` its id, and the page opens on its limits.
 */
export function CardsScreen({ client, logic, inspect, clock }: CardsScreenProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const limits = pathname.endsWith('/card-limit');
  const cardId = limits ? params['id'] : params['card'];
  if (!cardId) return <CardsList {...(client ? { client } : {})} />;
  return (
    <CardPage
      key={cardId}
      cardId={cardId}
      view={limits ? 'limits' : 'detail'}
      {...(logic ? { logic } : {})}
      {...(inspect ? { inspect } : {})}
      {...(clock ? { clock } : {})}
    />
  );
}

export default CardsScreen;
