import {
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ReactElement,
  type Ref,
  type RefObject,
} from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { VisuallyHidden } from './Layout';

const summaryMessage = defineMessage<{ count: number; fields: string }>({
  id: 'form.errorSummary',
  defaultMessage:
    '{count, plural, one {# field needs attention: {fields}} other {# fields need attention: {fields}}}',
});

/** A field's name as its label shows it, so the summary uses the words the reader sees beside the field. */
function fieldName(field: HTMLElement): string {
  const labels = 'labels' in field ? (field as HTMLInputElement).labels : null;
  const label = labels?.[0]?.textContent?.trim();
  return label || field.getAttribute('aria-label') || field.getAttribute('name') || '';
}

/** The fields marked invalid, in the order they appear (the order they are read in). */
function invalidFields(form: HTMLElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
}

/**
 * The live region of a form's error summary, empty until a submit fails. It is on the page before anything is said in
 * it, which screen readers need to announce a change; useFocusFirstError writes into it.
 */
export function ErrorSummary({ ref }: { ref: Ref<HTMLSpanElement> }) {
  return <VisuallyHidden ref={ref} aria-live="polite" aria-atomic="true" />;
}

export type FocusFirstError<F extends HTMLElement> = {
  /** Put on the form (or the element around its fields): the fields in error are looked for inside it. */
  formRef: RefObject<F | null>;
  /** Call when the form's own checks refuse a submit, after setting the field errors it shows. */
  failed: () => void;
  /** The live region that says which fields need attention; render it inside the form. */
  summary: ReactElement;
};

const hasErrors = (errors: Readonly<Record<string, unknown>> | undefined) =>
  errors !== undefined && Object.keys(errors).length > 0;

/**
 * WCAG 3.3.1 and 4.1.3 for a form: after a failed submit (the form's own checks, or the server's field errors in the
 * journey's state) focus moves to the first field in error and "2 fields need attention: Last name, IBAN" is
 * announced once. Fields in error are found by `aria-invalid` (TextField, SelectField and TextArea set it with
 * `aria-describedby` pointing at their message), so the screen only says when a submit failed.
 *
 * Destructure what it returns (`const { formRef, failed, summary } = useFocusFirstError()`): the React lint takes
 * `errors.formRef` in JSX for a ref read during render.
 *
 * `serverErrors`: the journey's field errors; each new non-empty set counts as a failed submit, including the one
 * present when the form is first shown (a form remounted to show them).
 */
export function useFocusFirstError<F extends HTMLElement = HTMLFormElement>(
  serverErrors?: Readonly<Record<string, unknown>>,
): FocusFirstError<F> {
  const intl = useIntl();
  const formRef = useRef<F | null>(null);
  const regionRef = useRef<HTMLSpanElement | null>(null);
  const [attempt, setAttempt] = useState(() => (hasErrors(serverErrors) ? 1 : 0));
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (seenServerErrors !== serverErrors) {
    setSeenServerErrors(serverErrors);
    if (hasErrors(serverErrors)) setAttempt((count) => count + 1);
  }
  const failed = useCallback(() => setAttempt((count) => count + 1), []);

  // An event, not a dependency: a change of language must not move focus back to a field.
  const showFailure = useEffectEvent(() => {
    const form = formRef.current;
    if (!form) return;
    const fields = invalidFields(form);
    if (fields.length === 0) return;
    fields.find((field) => !(field as HTMLInputElement).disabled)?.focus();
    const names = fields.map(fieldName).filter((name) => name !== '');
    const said = document.createElement('span');
    said.textContent = intl.formatMessage(summaryMessage, {
      count: fields.length,
      fields: intl.formatList(names, { type: 'unit', style: 'short' }),
    });
    // A new node each time: the same summary after a second failed submit is said again.
    regionRef.current?.replaceChildren(said);
  });

  useEffect(() => {
    if (attempt > 0) showFailure();
  }, [attempt]);

  // Once every field is put right the summary is stale: a screen reader user reading the form must not meet it.
  useEffect(() => {
    const form = formRef.current;
    const region = regionRef.current;
    if (form && region?.hasChildNodes() && invalidFields(form).length === 0) region.replaceChildren();
  });

  return { formRef, failed, summary: <ErrorSummary ref={regionRef} /> };
}
