import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useLocale } from '../i18n/LocaleProvider';
import { isLocale, locales } from '../i18n/locale';

const names = defineMessages({
  en: { id: 'app.language.en', defaultMessage: 'English' },
  el: { id: 'app.language.el', defaultMessage: 'Ελληνικά' },
});

const Wrapper = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

/** On phones the select alone fits the header; the label stays for screen readers (visually hidden). */
const Label = styled.label`
  @media (max-width: ${({ theme }) => theme.breakpoints.tablet}) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

const Select = styled.select`
  min-height: 40px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border: 1px solid ${({ theme }) => theme.colors.inputBorder};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

/** SPEC §1: English and Greek; each language is named in itself so a reader can find their own. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const id = useId();
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {intl.formatMessage({ id: 'app.language.label', defaultMessage: 'Language' })}
      </Label>
      <Select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void setLocale(event.target.value);
        }}
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {intl.formatMessage(names[option])}
          </option>
        ))}
      </Select>
    </Wrapper>
  );
}
