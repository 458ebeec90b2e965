import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';
import { Card, Grid, Page } from '../../ui/Layout';

const shimmer = keyframes`
  from { opacity: 0.55; }
  to { opacity: 1; }
`;

/** A grey bar where text will be; it pulses unless the user asked for less motion. */
const Bone = styled.span<{ $width: string; $height?: string }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height ?? '1rem'};
  margin: ${({ theme }) => `${theme.space(2)} 0`};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.border};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/**
 * The dashboard's shape while its figures load: the page does not jump when they arrive, and the wait is one
 * progress indicator with a name for screen readers (the bars themselves are hidden from them).
 */
export function DashboardSkeleton() {
  const intl = useIntl();
  return (
    <Page
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'ui.spinner.loading', defaultMessage: 'Loading…' })}
    >
      <div aria-hidden="true">
        <Bone $width="12rem" $height="2rem" />
        <Grid>
          <Card>
            <Bone $width="8rem" />
            <Bone $width="10rem" $height="2.25rem" />
            <Bone $width="100%" $height="5rem" />
          </Card>
          <Card>
            <Bone $width="8rem" />
            <Bone $width="6rem" $height="2.25rem" />
          </Card>
        </Grid>
        <Card>
          <Bone $width="10rem" />
          <Bone $width="100%" />
          <Bone $width="100%" />
          <Bone $width="70%" />
        </Card>
      </div>
    </Page>
  );
}
