import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.round};
  animation: ${spin} 0.8s linear infinite;
  /* A still ring still says "loading" (its role and name do); a spinning one can trouble readers who asked for less
     motion, and makes screenshots differ from run to run. */
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  padding: ${({ theme }) => theme.space(10)};
`;

/** A labelled progress indicator (role="progressbar" without a value: indeterminate). */
export function Spinner({ size = 32, label }: { size?: number; label?: string }) {
  const intl = useIntl();
  const name = label ?? intl.formatMessage({ id: 'ui.spinner.loading', defaultMessage: 'Loading…' });
  return <Ring role="progressbar" aria-label={name} $size={size} />;
}

/** A spinner centred in the page, for whole-page waits (restoring a session, loading a screen). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <Centered>
      <Spinner size={40} {...(label === undefined ? {} : { label })} />
    </Centered>
  );
}
