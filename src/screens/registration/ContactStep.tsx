import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  selectCheckingField,
  selectFieldCheck,
  selectRegistrationBusy,
  selectRegistrationError,
  type ContactField,
} from '../../../machines/registration.machine';
import { normalizePhone } from '../../../schemas/registration.schema';
import { Button } from '../../ui/Button';
import { Muted } from '../../ui/Layout';
import { TextField } from '../../ui/TextField';
import { StepHeading } from '../../ui/StepHeading';
import { RegistrationError } from './RegistrationError';
import { useRegistration, type RegistrationActor } from './registrationActor';

// Only a shape check so the user hears about a typo at once; the server validates for real.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Step 1: email and mobile number, each checked with the server as the user leaves the field. */
export function ContactStep({ registration }: { registration: RegistrationActor }) {
  const intl = useIntl();
  const busy = useRegistration(registration, selectRegistrationBusy);
  const error = useRegistration(registration, selectRegistrationError);
  const checking = useRegistration(registration, selectCheckingField);
  const savedEmail = useRegistration(registration, (s) => s.context.email);
  const savedPhone = useRegistration(registration, (s) => s.context.phone);
  const [email, setEmail] = useState(savedEmail);
  const [phone, setPhone] = useState(savedPhone);
  const [shown, setShown] = useState<{ [F in ContactField]: boolean }>({ email: false, phone: false });
  const emailCheck = useRegistration(registration, (s) => selectFieldCheck(s, 'email', email.trim()));
  const phoneCheck = useRegistration(registration, (s) => selectFieldCheck(s, 'phone', phone.trim()));

  const emailValid = emailShape.test(email.trim());
  const normalizedPhone = normalizePhone(phone);

  const emailError = (() => {
    if (!shown.email) return null;
    if (!emailValid || emailCheck?.valid === false) {
      return intl.formatMessage({
        id: 'registration.contact.emailInvalid',
        defaultMessage: 'Enter your email address, like name@example.com.',
      });
    }
    if (emailCheck && !emailCheck.available) {
      return intl.formatMessage({
        id: 'registration.contact.emailTaken',
        defaultMessage: 'An account already uses this email. Sign in instead, or use another.',
      });
    }
    return null;
  })();
  const phoneError = (() => {
    if (!shown.phone) return null;
    if (!normalizedPhone || phoneCheck?.valid === false) {
      return intl.formatMessage({
        id: 'registration.contact.phoneInvalid',
        defaultMessage: 'Enter a mobile number, like 6912345678 or +357 96123456.',
      });
    }
    if (phoneCheck && !phoneCheck.available) {
      return intl.formatMessage({
        id: 'registration.contact.phoneTaken',
        defaultMessage: 'An account already uses this mobile number.',
      });
    }
    return null;
  })();

  const leave = (field: ContactField, value: string, valid: boolean) => {
    if (value.trim() === '') return;
    setShown((current) => ({ ...current, [field]: true }));
    if (valid) registration.send({ type: 'contact.check', field, value: value.trim() });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown({ email: true, phone: true });
    if (!emailValid || !normalizedPhone) return;
    registration.send({ type: 'contact.submit', email: email.trim().toLowerCase(), phone: normalizedPhone });
  };

  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        <FormattedMessage id="registration.contact.title" defaultMessage="Create your Tameio account" />
      </StepHeading>
      <Muted>
        <FormattedMessage
          id="registration.contact.intro"
          defaultMessage="We will send a code to your email and one to your mobile to confirm them. All fields are mandatory."
        />
      </Muted>
      <RegistrationError error={error} />
      <TextField
        label={intl.formatMessage({ id: 'registration.contact.email', defaultMessage: 'Email' })}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        aria-required="true"
        maxLength={254}
        value={email}
        error={emailError}
        aria-busy={checking === 'email' ? true : undefined}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => leave('email', email, emailValid)}
      />
      <TextField
        label={intl.formatMessage({ id: 'registration.contact.phone', defaultMessage: 'Mobile phone' })}
        hint={intl.formatMessage({
          id: 'registration.contact.phoneHint',
          defaultMessage: 'Greek mobiles as 69XXXXXXXX; other countries with their code, like +357.',
        })}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        required
        aria-required="true"
        maxLength={32}
        value={phone}
        error={phoneError}
        aria-busy={checking === 'phone' ? true : undefined}
        onChange={(event) => setPhone(event.target.value)}
        onBlur={() => leave('phone', phone, normalizedPhone !== null)}
      />
      <Button type="submit" block busy={busy} disabled={busy}>
        <FormattedMessage id="registration.contact.submit" defaultMessage="Continue" />
      </Button>
      <Muted>
        <FormattedMessage
          id="registration.contact.haveAccount"
          defaultMessage="Already have an account? <link>Sign in</link>"
          values={{ link: (chunks) => <Link to="/login">{chunks}</Link> }}
        />
      </Muted>
    </form>
  );
}
