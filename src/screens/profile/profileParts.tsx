import { createContext, useCallback, useContext, useId, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { OnboardingReference } from '../../../machines/onboarding.machine';
import type { Address } from '../../../schemas/onboarding.schema';
import type { ProfileChange } from '../../../schemas/profile.schema';
import { api } from '../../api/client';
import { profileServices, type ProfileServices } from '../../app/profileActors';
import { bankDateText } from '../../i18n/formatDate';
import { SelectField } from '../../ui/Blocks';
import { itemName } from '../../ui/stepForm';
import { useLoad } from '../../app/useLoad';
import { profileMessages as m, rejectedReason, sentOn } from './profileMessages';

export const ProfileServicesContext = createContext<ProfileServices>(profileServices(api));
export const useProfileServices = () => useContext(ProfileServicesContext);

export const emptyReference: OnboardingReference = {
  countries: [],
  legalForms: [],
  industries: [],
  sizes: [],
  turnovers: [],
};

/** The onboarding lists (countries, legal forms, ...) the profile names its codes with; empty until loaded. */
export function useReference(): OnboardingReference {
  const services = useProfileServices();
  const load = useCallback((signal: AbortSignal) => services.loadReference(signal), [services]);
  const { state } = useLoad('profile-reference', load);
  return state.status === 'loaded' ? state.data : emptyReference;
}

/** An address on one line in the reader's language. */
export function addressText(
  intl: IntlShape,
  reference: OnboardingReference,
  address: Address | null | undefined,
) {
  if (!address) return intl.formatMessage(m.notProvided);
  return [
    address.line1,
    address.line2,
    `${address.postal_code} ${address.city}`,
    itemName(intl, reference.countries, address.country),
  ]
    .filter(Boolean)
    .join(', ');
}

export const Badge = styled.span`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  font-size: 0.9rem;
`;

export const Notice = styled.div`
  padding: ${({ theme }) => theme.space(3)};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};
  margin: ${({ theme }) => `${theme.space(3)} 0`};
  p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

/** A change waiting for review, or the last one rejected with its reason. */
export function ChangeNotice({ change }: { change: ProfileChange | null }) {
  const intl = useIntl();
  if (!change) return null;
  if (change.status === 'pending_review') {
    return (
      <Notice role="status">
        <p>
          <Badge>{intl.formatMessage(m.pendingReview)}</Badge>
        </p>
        <p>{intl.formatMessage(sentOn, { date: bankDateText(intl, change.created_at) })}</p>
      </Notice>
    );
  }
  if (change.status === 'rejected') {
    return (
      <Notice>
        <p>{intl.formatMessage(m.lastRejected)}</p>
        {change.reason ? <p>{intl.formatMessage(rejectedReason, { reason: change.reason })}</p> : null}
      </Notice>
    );
  }
  return null;
}

/** The latest change of a kind (waiting ones come first from the server). */
export function latestChange(changes: ProfileChange[], kind: ProfileChange['kind']): ProfileChange | null {
  return changes.find((change) => change.kind === kind) ?? null;
}

/** A labelled select with a "Choose…" option and its error tied to it. */
export function Select({
  label,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: string;
  options: Array<{ code: string; name: string }>;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <SelectField>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{intl.formatMessage(m.choose)}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </SelectField>
  );
}

export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
  font-weight: 600;
`;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
