import styled from 'styled-components';

/** Layout parts the card screens share. */

export { Fieldset } from '../../ui/Blocks';

export const Preview = styled.div`
  margin-bottom: ${({ theme }) => theme.space(5)};
`;
