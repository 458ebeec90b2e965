import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';

const SelectBox = styled.div`
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
  select[aria-invalid='true'] {
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

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
};

/** A labelled select whose hint and error are tied to it for screen readers. */
export function SelectField({ label, hint, error, children, ...select }: SelectFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <SelectBox>
      <label htmlFor={id}>{label}</label>
      {hint ? <p id={`${id}-hint`}>{hint}</p> : null}
      <select
        {...select}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </SelectBox>
  );
}

export type SelectOption = { value: string; label: string };

/** A SelectField over a list of plain options, reporting the chosen value (filters, pickers). */
export function OptionSelectField({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <SelectField label={label} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
