import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import type { PasswordLink } from '../../../machines/passwordLink.machine';
import { api } from '../../api/client';
import { createPasswordLinkLogic } from '../../app/passwordActors';
import { useJourneyActor } from '../../app/inspection';
import type { PasswordLinkActor, PasswordLinkLogic } from './passwordActor';
import { PasswordLinkJourney } from './PasswordLinkJourney';

const defaultLogic = createPasswordLinkLogic(api);
const resetPath = () => '/reset_password/';

/** The uid and token of an emailed link in the query string (SPEC §2), or null when either is missing. */
export function linkFromQuery(query: URLSearchParams): PasswordLink | null {
  const uid = query.get('uid');
  const token = query.get('token');
  if (!uid || !token) return null;
  return { uid, token, email: query.get('email') };
}

export type PasswordScreenProps = {
  /** The journey with its effects; tests provide fakes. */
  logic?: PasswordLinkLogic;
  /** Called with the running journey (tests and inspection). */
  onJourney?: (journey: PasswordLinkActor) => void;
  /** The journey's clock (tests run it on a SimulatedClock). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
};

/** SPEC §2 /reset_password/: ask for a reset link, or, with uid, token and email in the query, choose the password. */
export function ResetPasswordScreen({ logic = defaultLogic, onJourney, clock }: PasswordScreenProps) {
  const [query] = useSearchParams();
  const journey = useJourneyActor(logic, { input: { purpose: 'reset' }, ...(clock ? { clock } : {}) });
  useEffect(() => onJourney?.(journey), [journey, onJourney]);
  // The query is read once: from then on the journey, not the address, decides what comes next.
  const [link] = useState(() => linkFromQuery(query));
  useEffect(() => journey.send({ type: 'journey.opened', link }), [journey, link]);
  return <PasswordLinkJourney journey={journey} purpose="reset" pathOf={resetPath} />;
}

export default ResetPasswordScreen;
