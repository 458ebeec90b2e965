import { ArrowDownLeft, ArrowUpRight, CreditCard, Wallet } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { Locale } from '../../i18n/locale';
import { loadMessages, type Messages } from '../../i18n/messages';
import { Amount } from '../../ui/Amount';
import { Figures, Warning } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { CardFace } from '../../ui/CardFace';
import { CopyButton } from '../../ui/CopyButton';
import { DialogActions, DialogPanel } from '../../ui/Dialog';
import { Alert, Card, Muted, Page, Row, Stack } from '../../ui/Layout';
import { OtpCodeForm } from '../../ui/OtpCodeForm';
import { PasswordFields } from '../../ui/PasswordFields';
import { SelectField } from '../../ui/SelectField';
import { Spinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { WizardActions, WizardFrame } from '../../ui/WizardFrame';

/*
 * The living style guide (issue 19, docs/design.md): the tokens once, then every shared component of src/ui in its
 * states, in English and Greek side by side, so a change to a token or a component is seen in one place. Sandbox only
 * (src/app/routes.tsx); tests/e2e/styleGuide.test.ts compares it with committed screenshots. Nothing here moves: the
 * spinner stands still when the reader asks for less motion, which the screenshots do.
 */

const m = defineMessages({
  intro: {
    id: 'styleGuide.intro',
    defaultMessage:
      'Every shared part of the interface in its states, in English and Greek. The rules are in docs/design.md.',
  },
  tokens: { id: 'styleGuide.tokens', defaultMessage: 'Design tokens' },
  colours: { id: 'styleGuide.colours', defaultMessage: 'Colours' },
  typeScale: { id: 'styleGuide.typeScale', defaultMessage: 'Type scale' },
  typeSample: { id: 'styleGuide.typeSample', defaultMessage: 'Payments to 12 suppliers' },
  spacing: { id: 'styleGuide.spacing', defaultMessage: 'Spacing' },
  radii: { id: 'styleGuide.radii', defaultMessage: 'Corner radii' },
  elevation: { id: 'styleGuide.elevation', defaultMessage: 'Elevation' },
  icons: { id: 'styleGuide.icons', defaultMessage: 'Icons (lucide)' },
  buttons: { id: 'styleGuide.buttons', defaultMessage: 'Buttons' },
  primary: { id: 'styleGuide.button.primary', defaultMessage: 'Continue' },
  secondary: { id: 'styleGuide.button.secondary', defaultMessage: 'Back' },
  danger: { id: 'styleGuide.button.danger', defaultMessage: 'Delete card' },
  quiet: { id: 'styleGuide.button.quiet', defaultMessage: 'Change' },
  busy: { id: 'styleGuide.button.busy', defaultMessage: 'Paying…' },
  disabled: { id: 'styleGuide.button.disabled', defaultMessage: 'Not yet' },
  fields: { id: 'styleGuide.fields', defaultMessage: 'Fields' },
  fieldEmpty: { id: 'styleGuide.field.empty', defaultMessage: 'Company name' },
  fieldHint: { id: 'styleGuide.field.hint', defaultMessage: 'As on the trade register.' },
  fieldFilled: { id: 'styleGuide.field.filled', defaultMessage: 'Reference' },
  fieldFilledValue: { id: 'styleGuide.field.filledValue', defaultMessage: 'Invoice 2041' },
  fieldError: { id: 'styleGuide.field.error', defaultMessage: 'Amount' },
  fieldErrorText: { id: 'styleGuide.field.errorText', defaultMessage: 'Enter an amount above zero.' },
  fieldDisabled: { id: 'styleGuide.field.disabled', defaultMessage: 'Wallet tag' },
  select: { id: 'styleGuide.select', defaultMessage: 'Frequency' },
  selectOnce: { id: 'styleGuide.select.once', defaultMessage: 'Once' },
  selectMonthly: { id: 'styleGuide.select.monthly', defaultMessage: 'Every month' },
  selectError: { id: 'styleGuide.select.error', defaultMessage: 'Choose how often.' },
  textArea: { id: 'styleGuide.textArea', defaultMessage: 'Note to the recipient' },
  messages: { id: 'styleGuide.messages', defaultMessage: 'Alerts and warnings' },
  alert: { id: 'styleGuide.alert', defaultMessage: 'The payment could not be sent. Nothing was taken.' },
  warning: { id: 'styleGuide.warning', defaultMessage: 'The name does not match the account holder.' },
  amounts: { id: 'styleGuide.amounts', defaultMessage: 'Amounts' },
  incoming: { id: 'styleGuide.amount.incoming', defaultMessage: 'Received' },
  outgoing: { id: 'styleGuide.amount.outgoing', defaultMessage: 'Paid' },
  balance: { id: 'styleGuide.amount.balance', defaultMessage: 'Balance' },
  dialog: { id: 'styleGuide.dialog', defaultMessage: 'Dialog' },
  dialogTitle: { id: 'styleGuide.dialog.title', defaultMessage: 'Freeze this card?' },
  dialogBody: {
    id: 'styleGuide.dialog.body',
    defaultMessage: 'Payments with it are declined until you unfreeze it.',
  },
  dialogNote: {
    id: 'styleGuide.dialog.note',
    defaultMessage: 'Shown at rest; the real one covers the page, holds the focus and closes on Escape.',
  },
  cancel: { id: 'styleGuide.dialog.cancel', defaultMessage: 'Cancel' },
  freeze: { id: 'styleGuide.dialog.freeze', defaultMessage: 'Freeze' },
  loading: { id: 'styleGuide.loading', defaultMessage: 'Loading' },
  cards: { id: 'styleGuide.cards', defaultMessage: 'Card faces' },
  otp: { id: 'styleGuide.otp', defaultMessage: 'One-time code' },
  otpHeading: { id: 'styleGuide.otp.heading', defaultMessage: 'Enter your code' },
  otpOther: { id: 'styleGuide.otp.other', defaultMessage: 'Use another method' },
  errorSummary: { id: 'styleGuide.errorSummary', defaultMessage: 'Error summary' },
  errorSummaryNote: {
    id: 'styleGuide.errorSummary.note',
    defaultMessage:
      'Not seen: after a failed submit, screen readers hear how many fields need attention, and focus moves to the first.',
  },
  passwords: { id: 'styleGuide.passwords', defaultMessage: 'Password fields' },
  copy: { id: 'styleGuide.copy', defaultMessage: 'Copy button' },
  copyWhat: { id: 'styleGuide.copy.what', defaultMessage: 'IBAN' },
  wizard: { id: 'styleGuide.wizard', defaultMessage: 'Wizard frame' },
  wizardRecipient: { id: 'styleGuide.wizard.recipient', defaultMessage: 'Recipient' },
  wizardAmount: { id: 'styleGuide.wizard.amount', defaultMessage: 'Amount' },
  wizardReview: { id: 'styleGuide.wizard.review', defaultMessage: 'Review and confirm' },
  wizardSummary: { id: 'styleGuide.wizard.summary', defaultMessage: 'Your payment' },
  wizardStep: { id: 'styleGuide.wizard.step', defaultMessage: 'How much?' },
  wizardContinue: { id: 'styleGuide.wizard.continue', defaultMessage: 'Continue' },
  wizardBack: { id: 'styleGuide.wizard.back', defaultMessage: 'Change recipient' },
});

const languageNames = defineMessages({
  en: { id: 'styleGuide.language.en', defaultMessage: 'English' },
  el: { id: 'styleGuide.language.el', defaultMessage: 'Greek' },
});

const sample = {
  incoming: { amount_minor: '25000', currency: 'EUR' },
  outgoing: { amount_minor: '30000', currency: 'EUR' },
  balance: { amount_minor: '213580', currency: 'EUR' },
} as const;

const noop = () => undefined;

/** A few of the lucide icons the app uses, at the size the navigation draws them. */
const icons = { ArrowDownLeft, ArrowUpRight, CreditCard, Wallet };

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Swatches = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Swatch = styled.li<{ $colour: string }>`
  font-size: ${({ theme }) => theme.type.small.size};
  &::before {
    content: '';
    display: block;
    height: 2.5rem;
    margin-bottom: ${({ theme }) => theme.space(1)};
    border-radius: ${({ theme }) => theme.radii.small};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ $colour }) => $colour};
  }
  code {
    display: block;
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const TokenRows = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.type.small.size};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const TypeSample = styled.li<{ $size: string; $weight: number; $lineHeight: number }>`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(3)};
  span {
    font-size: ${({ $size }) => $size};
    font-weight: ${({ $weight }) => $weight};
    line-height: ${({ $lineHeight }) => $lineHeight};
  }
`;

const SpaceBar = styled.span<{ $width: string }>`
  display: inline-block;
  width: ${({ $width }) => $width};
  height: 0.75rem;
  background: ${({ theme }) => theme.colors.primary};
  margin-right: ${({ theme }) => theme.space(3)};
  vertical-align: middle;
`;

const Boxes = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
`;

const Box = styled.li<{ $radius?: string; $shadow?: string }>`
  display: flex;
  align-items: flex-end;
  width: 8rem;
  height: 5rem;
  padding: ${({ theme }) => theme.space(2)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme, $radius }) => $radius ?? theme.radii.small};
  box-shadow: ${({ $shadow }) => $shadow ?? 'none'};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.type.small.size};
`;

const Icons = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.type.small.size};
  }
`;

const Example = styled.div`
  margin-bottom: ${({ theme }) => theme.space(6)};
  & > h3 {
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
`;

/** Stands in for the page behind a dialog: the dimming colour, but in the flow instead of over everything. */
const Dimmed = styled.div`
  background: ${({ theme }) => theme.colors.overlay};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.medium};
`;

const CardFaces = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Example>
      <h3>{title}</h3>
      {children}
    </Example>
  );
}

// Token names and values are code, the same in every language: what a developer searches theme.ts for.
const typeLabel = (name: string, step: { size: string; lineHeight: number; weight: number }) =>
  `${name} ${step.size}/${step.lineHeight} ${step.weight}`;
const spaceLabel = (step: number, value: string) => `space(${step}) = ${value}`;

function Tokens() {
  const intl = useIntl();
  const theme = useTheme();
  const headingId = useId();
  const type = Object.entries(theme.type);
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.tokens)}</h2>
      <Section title={intl.formatMessage(m.colours)}>
        <Swatches>
          {Object.entries(theme.colors).map(([name, value]) => (
            <Swatch key={name} $colour={value}>
              <code>{name}</code>
              <code>{value}</code>
            </Swatch>
          ))}
        </Swatches>
      </Section>
      <Section title={intl.formatMessage(m.typeScale)}>
        <TokenRows>
          {type.map(([name, step]) => (
            <TypeSample key={name} $size={step.size} $weight={step.weight} $lineHeight={step.lineHeight}>
              <code>{typeLabel(name, step)}</code>
              <span>{intl.formatMessage(m.typeSample)}</span>
            </TypeSample>
          ))}
        </TokenRows>
      </Section>
      <Section title={intl.formatMessage(m.spacing)}>
        <TokenRows>
          {[1, 2, 3, 4, 5, 6, 8, 10].map((step) => (
            <li key={step}>
              <SpaceBar $width={theme.space(step)} />
              <code>{spaceLabel(step, theme.space(step))}</code>
            </li>
          ))}
        </TokenRows>
      </Section>
      <Section title={intl.formatMessage(m.radii)}>
        <Boxes>
          {Object.entries(theme.radii)
            .filter(([name]) => name !== 'round')
            .map(([name, value]) => (
              <Box key={name} $radius={value}>
                {name}
              </Box>
            ))}
        </Boxes>
      </Section>
      <Section title={intl.formatMessage(m.elevation)}>
        <Boxes>
          {Object.entries(theme.elevation).map(([name, value]) => (
            <Box key={name} $shadow={value}>
              {name}
            </Box>
          ))}
        </Boxes>
      </Section>
      <Section title={intl.formatMessage(m.icons)}>
        <Icons>
          {Object.entries(icons).map(([name, Icon]) => (
            <li key={name}>
              <Icon aria-hidden="true" focusable="false" size={theme.shell.iconSize} />
              {name}
            </li>
          ))}
        </Icons>
      </Section>
    </Card>
  );
}

/** A filled field with its own state, so typing in the guide works like it does in a form. */
function FilledField() {
  const intl = useIntl();
  const [value, setValue] = useState(() => intl.formatMessage(m.fieldFilledValue));
  return (
    <TextField
      label={intl.formatMessage(m.fieldFilled)}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

/** Half way through choosing a password: some rules met, some not, the confirmation still empty. */
function PasswordExample() {
  const [password, setPassword] = useState('olive');
  const [confirmation, setConfirmation] = useState('');
  return (
    <PasswordFields
      password={password}
      confirmation={confirmation}
      onPasswordChange={setPassword}
      onConfirmationChange={setConfirmation}
    />
  );
}

/** Every component in its states, in the language of the IntlProvider around it (headed by that language's name). */
function Components({ locale }: { locale: Locale }) {
  const intl = useIntl();
  const headingId = useId();
  const t = (descriptor: (typeof m)[keyof typeof m]) => intl.formatMessage(descriptor);
  return (
    <Card aria-labelledby={headingId} lang={locale}>
      <h2 id={headingId}>{intl.formatMessage(languageNames[locale])}</h2>
      <Section title={t(m.buttons)}>
        <Row>
          <Button>{t(m.primary)}</Button>
          <Button variant="secondary">{t(m.secondary)}</Button>
          <Button variant="danger">{t(m.danger)}</Button>
          <Button variant="quiet">{t(m.quiet)}</Button>
          <Button busy>{t(m.busy)}</Button>
          <Button disabled>{t(m.disabled)}</Button>
        </Row>
      </Section>
      <Section title={t(m.fields)}>
        <TextField label={t(m.fieldEmpty)} hint={t(m.fieldHint)} />
        <FilledField />
        <TextField label={t(m.fieldError)} defaultValue="0" error={t(m.fieldErrorText)} inputMode="decimal" />
        <TextField label={t(m.fieldDisabled)} defaultValue="@olive-press" disabled />
        <SelectField label={t(m.select)} defaultValue="monthly">
          <option value="once">{t(m.selectOnce)}</option>
          <option value="monthly">{t(m.selectMonthly)}</option>
        </SelectField>
        <SelectField label={t(m.select)} defaultValue="" error={t(m.selectError)}>
          <option value="" />
          <option value="once">{t(m.selectOnce)}</option>
        </SelectField>
        <TextArea label={t(m.textArea)} rows={2} />
      </Section>
      <Section title={t(m.messages)}>
        <Alert>{t(m.alert)}</Alert>
        <Warning>{t(m.warning)}</Warning>
      </Section>
      <Section title={t(m.amounts)}>
        <Figures>
          <dt>{t(m.incoming)}</dt>
          <dd>
            <Amount money={sample.incoming} direction="in" />
          </dd>
          <dt>{t(m.outgoing)}</dt>
          <dd>
            <Amount money={sample.outgoing} direction="out" />
          </dd>
          <dt>{t(m.balance)}</dt>
          <dd>
            <Amount money={sample.balance} />
          </dd>
        </Figures>
        <p>
          <Amount money={sample.balance} size="large" />
        </p>
      </Section>
      <Section title={t(m.dialog)}>
        <Dimmed>
          <DialogPanel>
            <h4>{t(m.dialogTitle)}</h4>
            <p>{t(m.dialogBody)}</p>
            <DialogActions>
              <Button variant="secondary">{t(m.cancel)}</Button>
              <Button variant="danger">{t(m.freeze)}</Button>
            </DialogActions>
          </DialogPanel>
        </Dimmed>
        <Muted>{t(m.dialogNote)}</Muted>
      </Section>
      <Section title={t(m.loading)}>
        <Spinner />
      </Section>
      <Section title={t(m.cards)}>
        <CardFaces>
          <CardFace form="physical" colour="blue" name="Olive Press" last4="4242" status="active" />
          <CardFace form="virtual" colour="coral" name="Online ads" last4="1881" status="frozen" />
        </CardFaces>
      </Section>
      <Section title={t(m.otp)}>
        <OtpCodeForm
          heading={<h4>{t(m.otpHeading)}</h4>}
          label={t(m.otp)}
          destination="o***@olive-press.test"
          error={null}
          rejection={null}
          dead={false}
          busy={false}
          verifying={false}
          resending={false}
          canResend
          resendIn={0}
          onSubmit={noop}
          onResend={noop}
          secondary={<Button variant="quiet">{t(m.otpOther)}</Button>}
        />
      </Section>
      <Section title={t(m.passwords)}>
        <PasswordExample />
      </Section>
      <Section title={t(m.copy)}>
        <CopyButton value="GR16 0110 1250 0000 0001 2300 695" what={t(m.copyWhat)} />
      </Section>
      <Section title={t(m.errorSummary)}>
        <Muted>{t(m.errorSummaryNote)}</Muted>
      </Section>
      <Section title={t(m.wizard)}>
        <WizardFrame
          steps={[t(m.wizardRecipient), t(m.wizardAmount), t(m.wizardReview)]}
          current={1}
          summaryTitle={t(m.wizardSummary)}
          summary={[
            { term: t(m.wizardRecipient), value: 'Olive Press (@olive-press)' },
            { term: t(m.wizardAmount), value: <Amount money={sample.balance} /> },
          ]}
          summaryGist="Olive Press"
        >
          <h4>{t(m.wizardStep)}</h4>
          <TextField label={t(m.wizardAmount)} inputMode="decimal" />
          <WizardActions>
            <Button>{t(m.wizardContinue)}</Button>
            <Button variant="secondary" data-back>
              {t(m.wizardBack)}
            </Button>
          </WizardActions>
        </WizardFrame>
      </Section>
    </Card>
  );
}

/** Both languages at once, whichever the reader chose: each column has its own IntlProvider and messages. */
function InLanguage({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [messages, setMessages] = useState<Messages>();
  useEffect(() => {
    let current = true;
    void loadMessages(locale).then((loaded) => {
      if (current) setMessages(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  if (!messages) return <Spinner />;
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  );
}

export default function StyleGuideScreen() {
  return (
    <Page data-style-guide="">
      <Stack $gap={5}>
        <div>
          <h1>
            <FormattedMessage id="styleGuide.heading" defaultMessage="Style guide" />
          </h1>
          <Muted>
            <FormattedMessage {...m.intro} />
          </Muted>
        </div>
        <Tokens />
        <Columns>
          {(['en', 'el'] as const).map((locale) => (
            <InLanguage key={locale} locale={locale}>
              <Components locale={locale} />
            </InLanguage>
          ))}
        </Columns>
      </Stack>
    </Page>
  );
}
