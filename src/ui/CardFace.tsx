import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { CardColour, CardForm, CardStatus } from '../../schemas/cards.schema';
import { cardFaceText, cardFormText, cardStatusText, maskedNumberText } from '../i18n/cardText';
import { cardFaceColours } from './cardColours';
import { VisuallyHidden } from './Layout';

// Inside the face, sizes are in em of the face's own type token, so the small and the large face are one drawing at two
// scales.
const Face = styled.div<{ $colour: CardColour; $size: 'small' | 'large' }>`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  width: 100%;
  max-width: ${({ $size }) => ($size === 'large' ? '22rem' : '14rem')};
  aspect-ratio: 1.586; /* ISO/IEC 7810 ID-1 */
  padding: ${({ theme, $size }) => theme.space($size === 'large' ? 5 : 3)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ $colour }) => cardFaceColours[$colour].background};
  color: ${({ $colour }) => cardFaceColours[$colour].text};
  font-size: ${({ theme, $size }) => ($size === 'large' ? theme.type.body.size : theme.type.caption.size)};
  box-shadow: ${({ theme }) => theme.elevation.raised};
  overflow: hidden;
  user-select: none;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: ${({ theme }) => theme.weights.bold};
`;

const Chip = styled.span`
  display: block;
  width: 2.25em;
  height: 1.75em;
  border-radius: 0.3em;
  border: 2px solid currentColor;
`;

const Name = styled.span`
  display: block;
  font-weight: ${({ theme }) => theme.weights.bold};
  font-size: 1.125em;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Bottom = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  font-family: ${({ theme }) => theme.fonts.mono};
  letter-spacing: 0.08em;
`;

const Badge = styled.span`
  font-family: ${({ theme }) => theme.fonts.body};
  letter-spacing: normal;
  font-weight: ${({ theme }) => theme.weights.bold};
  text-transform: uppercase;
  font-size: 0.8125em;
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.pill};
  padding: 0 0.6em;
`;

export type CardFaceProps = {
  form: CardForm;
  colour: CardColour;
  name: string;
  /** Absent for a card still being ordered. */
  last4?: string;
  status?: CardStatus;
  size?: 'small' | 'large';
};

/**
 * A card's face (colour, name, last four digits, form, status). The picture is decorative (hidden from assistive
 * technology); the same facts follow as text for screen readers. Text colours reach 4.5:1 on every face
 * (src/ui/cardColours.ts).
 */
export function CardFace({ form, colour, name, last4, status, size = 'small' }: CardFaceProps) {
  const intl = useIntl();
  const card = {
    form,
    colour,
    name,
    ...(last4 === undefined ? {} : { last4 }),
    ...(status ? { status } : {}),
  };
  return (
    <>
      <Face $colour={colour} $size={size} aria-hidden="true" data-colour={colour}>
        <Top>
          <span>{intl.formatMessage({ id: 'app.brand', defaultMessage: 'Tameio' })}</span>
          <span>{cardFormText(intl, form)}</span>
        </Top>
        {form === 'physical' ? <Chip /> : null}
        <div>
          <Name>{name}</Name>
          <Bottom>
            <span>{maskedNumberText(intl, last4 ?? '••••')}</span>
            {status && status !== 'active' ? <Badge>{cardStatusText(intl, status)}</Badge> : null}
          </Bottom>
        </div>
      </Face>
      <VisuallyHidden>{cardFaceText(intl, card)}</VisuallyHidden>
    </>
  );
}
