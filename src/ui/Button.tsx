import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'danger' | 'quiet';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.primaryStrong};
      border-color: ${({ theme }) => theme.colors.primaryStrong};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
    &:hover:not(:disabled) {
      border-color: ${({ theme }) => theme.colors.primaryStrong};
      color: ${({ theme }) => theme.colors.primaryStrong};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.onPrimary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.colors.dangerStrong};
      border-color: ${({ theme }) => theme.colors.dangerStrong};
    }
  `,
  quiet: css`
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
    padding-inline: ${({ theme }) => theme.space(1)};
  `,
};

const StyledButton = styled.button<{ $variant: Variant; $block: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px; /* WCAG 2.5.8 target size, with room for thumbs */
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radii.small};
  font: inherit;
  font-weight: ${({ theme }) => theme.weights.semibold};
  cursor: pointer;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $variant }) => variants[$variant]}
  /* Token colours rather than opacity, so a disabled button's words stay readable (AA) over any page colour. */
  &:disabled {
    cursor: not-allowed;
    background: ${({ theme }) => theme.colors.disabledSurface};
    border-color: ${({ theme }) => theme.colors.disabledSurface};
    color: ${({ theme }) => theme.colors.disabledText};
  }
`;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** Stretch to the width of the container (forms on phones). */
  block?: boolean;
  /** Shows that the action is running; the button is disabled meanwhile. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      type={type}
      $variant={variant}
      $block={block}
      disabled={rest.disabled === true || busy}
      aria-busy={busy || undefined}
    />
  );
}
