import { useId, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    font-weight: ${({ theme }) => theme.weights.semibold};
  }
  textarea {
    min-height: 6rem;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border: 1px solid ${({ theme }) => theme.colors.inputBorder};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    width: 100%;
    resize: vertical;
  }
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    border-width: 2px;
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.type.small.size};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p.error {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: ${({ theme }) => theme.weights.semibold};
  }
`;

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string | null;
};

/** A labelled multi-line input whose hint and error are tied to it for screen readers (like TextField). */
export function TextArea({ label, hint, error, ...textarea }: TextAreaProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      {hint ? <p id={`${id}-hint`}>{hint}</p> : null}
      <textarea
        {...textarea}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </Field>
  );
}
