import { useIntl } from 'react-intl';
import type { AuditAction } from '../../schemas/auditActions';
import { auditActionText } from '../i18n/auditText';

/**
 * The audit trail's filter by action, in the reader's language: "any" first, then the actions this reader's trail can
 * hold (an owner's activity log: the merchants' own; the back office: all of them). Used by both trails' pages.
 */
export function AuditActionSelect({
  id,
  label,
  anyLabel,
  actions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  actions: readonly AuditAction[];
  value: AuditAction | undefined;
  /** The action chosen, or undefined for any. */
  onChange: (action: AuditAction | undefined) => void;
}) {
  const intl = useIntl();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(actions.find((action) => action === event.target.value))}
      >
        <option value="">{anyLabel}</option>
        {actions.map((action) => (
          <option key={action} value={action}>
            {intl.formatMessage(auditActionText[action])}
          </option>
        ))}
      </select>
    </>
  );
}
