import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useLocale } from '../i18n/LocaleProvider';
import { isLocale, locales, type Locale } from '../i18n/locale';
import { notify } from '../ui/notify';
import { theme } from '../ui/theme';

const names = defineMessages({
  en: { id: 'app.language.en', defaultMessage: 'English' },
  el: { id: 'app.language.el', defaultMessage: 'Ελληνικά' },
});

/** The phone header's short form of a language's own name, as sites print it: "English" → "EN", "Ελληνικά" → "ΕΛ". */
const shortName = (name: string, locale: Locale) => name.slice(0, 2).toLocaleUpperCase(locale);

const Wrapper = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const phone = `not all and (min-width: ${theme.breakpoints.tablet})`;

/** Below desktop width the select alone fits the header; the label stays for screen readers (visually hidden). */
const Label = styled.label`
  @media not all and (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

const Select = styled.select`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border: 1px solid ${({ theme }) => theme.colors.inputBorder};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  /* On phones the select lies unseen over the short name below it: a tap or a key opens the browser's own list with
     the full names, and screen readers meet the select itself, named "Language", valued "English". */
  @media ${phone} {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    opacity: 0;
    cursor: pointer;
  }
`;

const Field = styled.span`
  position: relative;
  display: inline-flex;
`;

const Short = styled.span`
  display: none;
  @media ${phone} {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: ${({ theme }) => `0 ${theme.space(1)}`};
    border: 1px solid ${({ theme }) => theme.colors.inputBorder};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
    ${Select}:focus-visible + & {
      outline: 2px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
`;

const saveFailed = defineMessages({
  text: {
    id: 'app.language.saveFailed',
    defaultMessage:
      'The language changed here, but it could not be saved to your account. Try again in Settings.',
  },
}).text;

/**
 * SPEC §1: English and Greek; each language is named in itself so a reader can find their own. Signed in, the shell
 * passes `save`, which stores the choice on the user so it follows them to another device; the page
 * switches at once either way, and a failed save says so.
 */
export function LanguageSwitcher({ save }: { save?: (locale: Locale) => Promise<unknown> }) {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const id = useId();
  // Counts failed saves: the toast is said after the render in the language just chosen, not in the closure's old one.
  const [failures, setFailures] = useState(0);
  const toasted = useRef(0);
  useEffect(() => {
    if (failures === toasted.current) return;
    toasted.current = failures;
    notify('danger', intl.formatMessage(saveFailed));
  }, [failures, intl]);
  const choose = async (next: Locale) => {
    await setLocale(next);
    if (!save) return;
    try {
      await save(next);
    } catch {
      setFailures((count) => count + 1);
    }
  };
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {intl.formatMessage({ id: 'app.language.label', defaultMessage: 'Language' })}
      </Label>
      <Field>
        <Select
          id={id}
          value={locale}
          onChange={(event) => {
            if (isLocale(event.target.value)) void choose(event.target.value);
          }}
        >
          {locales.map((option) => (
            <option key={option} value={option} lang={option}>
              {intl.formatMessage(names[option])}
            </option>
          ))}
        </Select>
        <Short aria-hidden="true">{shortName(intl.formatMessage(names[locale]), locale)}</Short>
      </Field>
    </Wrapper>
  );
}
