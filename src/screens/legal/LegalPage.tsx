import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { Card, Muted, Page } from '../../ui/Layout';
import { StepHeading } from '../../ui/StepHeading';

export type LegalSection = { heading: MessageDescriptor; paragraphs: MessageDescriptor[] };

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  h2 {
    font-size: 1.2rem;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  p {
    line-height: 1.6;
  }
`;

/** A public legal text (/terms-of-use, /privacy-policy): every heading and paragraph is its own message. */
export function LegalPage({
  title,
  version,
  sections,
}: {
  title: MessageDescriptor;
  version: string;
  sections: LegalSection[];
}) {
  const intl = useIntl();
  return (
    <Page>
      <Card>
        <article>
          <StepHeading>{intl.formatMessage(title)}</StepHeading>
          <Muted>
            <FormattedMessage id="legal.version" defaultMessage="Version {version}" values={{ version }} />
          </Muted>
          {sections.map((section) => (
            <Section key={section.heading.id}>
              <h2>{intl.formatMessage(section.heading)}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.id}>{intl.formatMessage(paragraph)}</p>
              ))}
            </Section>
          ))}
        </article>
      </Card>
    </Page>
  );
}
