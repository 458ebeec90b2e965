import styled from 'styled-components';

/** A line of facts about one thing (name, email, role…), set apart by space and a dot the screen reader skips. */
export const Parts = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  & > * + *::before {
    content: '·' / '';
    margin-right: ${({ theme }) => theme.space(2)};
  }
`;
