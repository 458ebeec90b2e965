import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.type.body.size};
    font-weight: ${({ theme }) => theme.type.body.weight};
    line-height: ${({ theme }) => theme.type.body.lineHeight};
  }
  h1, h2, h3 { margin: 0 0 ${({ theme }) => theme.space(3)}; }
  h1 {
    font-size: ${({ theme }) => theme.type.h1.size};
    font-weight: ${({ theme }) => theme.type.h1.weight};
    line-height: ${({ theme }) => theme.type.h1.lineHeight};
  }
  h2 {
    font-size: ${({ theme }) => theme.type.h2.size};
    font-weight: ${({ theme }) => theme.type.h2.weight};
    line-height: ${({ theme }) => theme.type.h2.lineHeight};
  }
  h3 {
    font-size: ${({ theme }) => theme.type.h3.size};
    font-weight: ${({ theme }) => theme.type.h3.weight};
    line-height: ${({ theme }) => theme.type.h3.lineHeight};
  }
  p { margin: 0 0 ${({ theme }) => theme.space(3)}; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  a:hover { color: ${({ theme }) => theme.colors.primaryStrong}; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  /* Headings and regions take focus only to move screen readers along (tabindex -1); they are not controls. */
  [tabindex='-1']:focus {
    outline: none;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
