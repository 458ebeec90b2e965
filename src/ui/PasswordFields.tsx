import { useId, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import {
  checkPassword,
  passwordPolicy,
  type PasswordPolicy,
  type PasswordProblem,
} from '../../schemas/password.schema';
import { VisuallyHidden } from './Layout';
import { TextField } from './TextField';

export type PasswordPairStatus = {
  /** Every policy rule the new password breaks (schemas/password.schema.ts `checkPassword`). */
  problems: PasswordProblem[];
  /** The confirmation differs from the password (SPEC §5 "Passwords do not match"). */
  mismatch: boolean;
  /** Both rules hold: the pair may be sent. */
  acceptable: boolean;
};

/** Pure: what is wrong with a new password and its confirmation. The server checks the same policy again. */
export function passwordPairStatus(
  password: string,
  confirmation: string,
  context: { email?: string } = {},
  policy: PasswordPolicy = passwordPolicy,
): PasswordPairStatus {
  const problems = checkPassword(password, context, policy);
  const mismatch = password !== confirmation;
  return { problems, mismatch, acceptable: problems.length === 0 && !mismatch };
}

/** Pure: whether the pair may be sent. */
export function isPasswordPairAcceptable(
  password: string,
  confirmation: string,
  context: { email?: string } = {},
  policy: PasswordPolicy = passwordPolicy,
): boolean {
  return passwordPairStatus(password, confirmation, context, policy).acceptable;
}

/** The checklist rows the policy turns on, in the order shown; composition rules only when required. */
export function policyRules(
  policy: PasswordPolicy = passwordPolicy,
  context: { email?: string } = {},
): PasswordProblem[] {
  const rules: PasswordProblem[] = ['too_short', 'too_long'];
  if (policy.requireLowercase) rules.push('needs_lowercase');
  if (policy.requireUppercase) rules.push('needs_uppercase');
  if (policy.requireNumbers) rules.push('needs_number');
  if (policy.requireSymbols) rules.push('needs_symbol');
  rules.push('too_common');
  if (context.email) rules.push('contains_email');
  return rules;
}

function ruleText(intl: IntlShape, rule: PasswordProblem, policy: PasswordPolicy): string {
  switch (rule) {
    case 'too_short':
      return intl.formatMessage(
        { id: 'password.rule.minLength', defaultMessage: 'At least {min} characters' },
        { min: policy.minLength },
      );
    case 'too_long':
      return intl.formatMessage(
        { id: 'password.rule.maxLength', defaultMessage: 'No more than {max} characters' },
        { max: policy.maxLength },
      );
    case 'needs_lowercase':
      return intl.formatMessage({ id: 'password.rule.lowercase', defaultMessage: 'A lowercase letter' });
    case 'needs_uppercase':
      return intl.formatMessage({ id: 'password.rule.uppercase', defaultMessage: 'An uppercase letter' });
    case 'needs_number':
      return intl.formatMessage({ id: 'password.rule.number', defaultMessage: 'A number' });
    case 'needs_symbol':
      return intl.formatMessage({ id: 'password.rule.symbol', defaultMessage: 'A symbol, like ! or #' });
    case 'too_common':
      return intl.formatMessage({
        id: 'password.rule.common',
        defaultMessage: 'Not a commonly used password',
      });
    case 'contains_email':
      return intl.formatMessage({
        id: 'password.rule.email',
        defaultMessage: 'Does not contain your email name',
      });
  }
}

const Checklist = styled.ul`
  list-style: none;
  margin: ${({ theme }) => `-${theme.space(2)} 0 ${theme.space(4)}`};
  padding: 0;
  font-size: ${({ theme }) => theme.type.small.size};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Rule = styled.li<{ $met: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: baseline;
  color: ${({ $met, theme }) => ($met ? theme.colors.success : theme.colors.textMuted)};
  font-weight: ${({ $met, theme }) => ($met ? theme.weights.semibold : theme.weights.regular)};
`;

/** The tick or bullet is decoration (CSS content); the state is read out by the visually hidden text. */
const Mark = styled.span<{ $met: boolean }>`
  display: inline-block;
  width: 1.2em;
  text-align: center;
  &::before {
    content: '${({ $met }) => ($met ? '\\2713' : '\\2022')}';
  }
`;

export type PasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The account's email, so the checklist can say the password must not contain its name. */
  email?: string;
  /** Show the field errors now (after a submit attempt) rather than once the user leaves the fields. */
  showErrors?: boolean;
  /** Errors from elsewhere (the server's `fields`), shown in place of the live ones. */
  errors?: { password?: string | null; confirmation?: string | null };
  disabled?: boolean;
  policy?: PasswordPolicy;
};

/**
 * The new password and its confirmation, with the policy as a checklist that updates while the user types. The
 * checklist describes the password input (aria-describedby); "Passwords do not match" belongs to the confirmation.
 */
export function PasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  email,
  showErrors = false,
  errors = {},
  disabled = false,
  policy = passwordPolicy,
}: PasswordFieldsProps) {
  const intl = useIntl();
  const checklistId = `${useId()}-rules`;
  const [passwordLeft, setPasswordLeft] = useState(false);
  const [confirmationLeft, setConfirmationLeft] = useState(false);
  const context = email ? { email } : {};
  const status = passwordPairStatus(password, confirmation, context, policy);
  const rules = policyRules(policy, context);

  const passwordError =
    errors.password ??
    ((showErrors || passwordLeft) && status.problems.length > 0
      ? intl.formatMessage({
          id: 'password.fields.passwordInvalid',
          defaultMessage: 'Choose a password that meets every rule below.',
        })
      : null);
  const confirmationError =
    errors.confirmation ??
    ((showErrors || confirmationLeft) && status.mismatch
      ? confirmation.length === 0
        ? intl.formatMessage({
            id: 'password.fields.confirmationMissing',
            defaultMessage: 'Enter the password again.',
          })
        : intl.formatMessage({ id: 'password.fields.mismatch', defaultMessage: 'Passwords do not match' })
      : null);

  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'password.fields.password', defaultMessage: 'New password' })}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        value={password}
        error={passwordError}
        describedBy={checklistId}
        onChange={(event) => onPasswordChange(event.target.value)}
        onBlur={() => setPasswordLeft(password.length > 0)}
      />
      <Checklist id={checklistId}>
        {rules.map((rule) => {
          const met = password.length > 0 && !status.problems.includes(rule);
          return (
            <Rule key={rule} $met={met} data-rule={rule} data-met={met}>
              <Mark aria-hidden="true" $met={met} />
              <span>
                {ruleText(intl, rule, policy)}
                <VisuallyHidden>
                  {met ? (
                    <FormattedMessage id="password.rule.met" defaultMessage="(done)" />
                  ) : (
                    <FormattedMessage id="password.rule.notMet" defaultMessage="(not yet)" />
                  )}
                </VisuallyHidden>
              </span>
            </Rule>
          );
        })}
      </Checklist>
      <TextField
        label={intl.formatMessage({
          id: 'password.fields.confirmation',
          defaultMessage: 'Confirm new password',
        })}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        disabled={disabled}
        value={confirmation}
        error={confirmationError}
        onChange={(event) => onConfirmationChange(event.target.value)}
        onBlur={() => setConfirmationLeft(confirmation.length > 0)}
      />
    </>
  );
}
