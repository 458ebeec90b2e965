import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from './Button';
import { VisuallyHidden } from './Layout';
import { notify } from './notify';

/**
 * Copies a value to the clipboard and says so in a toast. The visible word is "Copy"; the field's name follows for
 * screen readers ("Copy IBAN"), so the accessible name starts with what is seen (WCAG 2.5.3).
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const intl = useIntl();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('success', intl.formatMessage({ id: 'wallet.copied', defaultMessage: 'Copied' }), {
        id: 'copied',
      });
    } catch {
      notify(
        'danger',
        intl.formatMessage({
          id: 'wallet.copyFailed',
          defaultMessage: 'Could not copy. Select the text and copy it yourself.',
        }),
        { id: 'copied' },
      );
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()}>
      <FormattedMessage id="wallet.copy" defaultMessage="Copy" /> <VisuallyHidden>{what}</VisuallyHidden>
    </Button>
  );
}
