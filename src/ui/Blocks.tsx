import styled from 'styled-components';

/* Small blocks several money screens share; a screen's own layout stays in the screen. */

/** Label and value pairs (a <dl>): labels muted on the left, values bold on the right. */
export const Figures = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: ${({ theme }) => `${theme.space(3)} 0`};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.weights.bold};
    text-align: right;
    overflow-wrap: anywhere;
  }
`;

/** Links with a touch target of at least 24px (WCAG 2.2 target size). */
export const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  margin-top: ${({ theme }) => theme.space(4)};
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    font-weight: ${({ theme }) => theme.weights.semibold};
  }
`;

/** A list without bullets, its items spaced. */
export const PlainList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A label stacked above its <select>, with a touch-sized control. */
export const SelectField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    font-weight: ${({ theme }) => theme.weights.semibold};
  }
  select {
    min-height: 44px;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border: 1px solid ${({ theme }) => theme.colors.inputBorder};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

/** Radio buttons or checkboxes under a legend, side by side, each with a touch-sized label. */
export const Fieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  legend {
    font-weight: ${({ theme }) => theme.weights.semibold};
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;
  }
`;

/** A fieldset whose options stack, each with a line of explanation. */
export const Options = styled(Fieldset)`
  flex-direction: column;
  flex-wrap: nowrap;
  label {
    align-items: flex-start;
  }
  label input {
    margin-top: 0.35em;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.type.small.size};
  }
`;

/** A notice the reader should not miss, set off by a bar in the warning colour. */
export const Warning = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
`;
