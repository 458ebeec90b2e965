import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { AcceptInvitationResponse } from '../../../schemas/employees.schema';
import { LinkRow } from '../../ui/Blocks';
import { Card, Page } from '../../ui/Layout';
import { StepHeading } from '../../ui/StepHeading';
import { roleText } from '../../i18n/teamText';
import { invitationText as m } from './invitationMessages';

/**
 * SPEC §2 /invitation/success: where accepting an invitation ends. It names the merchant and the role the invitee
 * joined as (handed over by the invitation journey) and sends them to sign in. Opened without that (a bookmark), it
 * still says what to do next.
 */
export function InvitationSuccessScreen() {
  const intl = useIntl();
  const { state } = useLocation();
  const parsed = AcceptInvitationResponse.safeParse(state);
  const joined = parsed.success ? parsed.data : null;
  return (
    <Page $narrow>
      <Card>
        {joined ? (
          <>
            <StepHeading>
              {intl.formatMessage(m.successTitle, { merchant: joined.merchant_name })}
            </StepHeading>
            <p>
              {intl.formatMessage(m.successBody, {
                merchant: joined.merchant_name,
                role: roleText(intl, joined.role),
                email: joined.email,
              })}
            </p>
          </>
        ) : (
          <>
            <StepHeading>{intl.formatMessage(m.successFallbackTitle)}</StepHeading>
            <p>{intl.formatMessage(m.successFallbackBody)}</p>
          </>
        )}
        <LinkRow>
          <Link to="/login">{intl.formatMessage(m.signIn)}</Link>
        </LinkRow>
      </Card>
    </Page>
  );
}

export default InvitationSuccessScreen;
