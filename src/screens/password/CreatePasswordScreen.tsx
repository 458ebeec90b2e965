import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { PasswordLinkStep } from '../../../machines/passwordLink.machine';
import { api } from '../../api/client';
import { createPasswordLinkLogic } from '../../app/passwordActors';
import { useJourneyActor } from '../../app/inspection';
import { PasswordLinkJourney } from './PasswordLinkJourney';
import { linkFromQuery, type PasswordScreenProps } from './ResetPasswordScreen';

const defaultLogic = createPasswordLinkLogic(api);

const createPaths: Record<PasswordLinkStep, string> = {
  opening: '/create-password',
  request: '/create-password',
  sent: '/create-password/sent',
  password: '/create-password/set',
  invalid: '/create-password/set',
  done: '/create-password/done',
};
const createPath = (step: PasswordLinkStep) => createPaths[step];

/**
 * SPEC §2 /create-password/:step?: an account that exists without a password (an invited employee) opens
 * `/create-password/set?uid=..&token=..` from its email, or asks for that link at `/create-password`.
 */
export function CreatePasswordScreen({ logic = defaultLogic, onJourney, clock }: PasswordScreenProps) {
  const [query] = useSearchParams();
  const { step } = useParams();
  const journey = useJourneyActor(logic, { input: { purpose: 'create' }, ...(clock ? { clock } : {}) });
  useEffect(() => onJourney?.(journey), [journey, onJourney]);
  // The address is read once: from then on the journey, not the address, decides what comes next.
  const [link] = useState(() => (step === 'set' ? linkFromQuery(query) : null));
  useEffect(() => journey.send({ type: 'journey.opened', link }), [journey, link]);
  return <PasswordLinkJourney journey={journey} purpose="create" pathOf={createPath} />;
}

export default CreatePasswordScreen;
