import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../schemas/auth.schema';
import { PrivacyPolicyScreen } from '../../src/screens/legal/PrivacyPolicyScreen';
import type { LegalServices } from '../../src/screens/legal/legalService';
import { ClientConfigContext, defaultClientConfig } from '../../src/ui/clientConfig';
import { OtpCodeForm } from '../../src/ui/OtpCodeForm';
import { renderPart, renderScreen } from './harness';

// Texts that quote a configured number read it from the server's configuration (GET /api/config/, src/main.tsx), so
// changing the setting changes the text: here the one-time code's lifetime (OTP_TTL_SECONDS).

/** Nobody is signed in: the acceptance is never read. */
const quietLegalServices: LegalServices = {
  loadAcceptance: () => new Promise(() => {}),
  acceptTerms: () => new Promise(() => {}),
};

function codeForm(config: ClientConfig) {
  return (
    <ClientConfigContext value={config}>
      <OtpCodeForm
        heading={<h1>Enter the code</h1>}
        label="One-time code"
        destination="d***@example.com"
        error={null}
        rejection={null}
        dead={false}
        busy={false}
        verifying={false}
        resending={false}
        canResend
        resendIn={0}
        onSubmit={() => {}}
        onResend={() => {}}
        secondary={null}
      />
    </ClientConfigContext>
  );
}

describe('the code form quotes the configured code lifetime', () => {
  it.each([
    [300, 'It is valid for 5 minutes.'],
    [600, 'It is valid for 10 minutes.'],
    [60, 'It is valid for 1 minute.'],
  ])('OTP_TTL_SECONDS=%i: "%s"', (seconds, words) => {
    renderPart(codeForm({ ...defaultClientConfig, otp_ttl_seconds: seconds }));
    expect(screen.getByText(`We sent a 6-digit code to d***@example.com. ${words}`)).toBeTruthy();
  });

  it('says the same in Greek', async () => {
    renderPart(codeForm({ ...defaultClientConfig, otp_ttl_seconds: 600 }), { locale: 'el' });
    expect((await screen.findByText(/d\*\*\*@example\.com/)).textContent).toContain('10 λεπτά');
  });

  it('falls back to the server’s default when the configuration could not be read', () => {
    renderPart(
      <OtpCodeForm
        heading={<h1>Enter the code</h1>}
        label="One-time code"
        destination="d***@example.com"
        error={null}
        rejection={null}
        dead={false}
        busy={false}
        verifying={false}
        resending={false}
        canResend
        resendIn={0}
        onSubmit={() => {}}
        onResend={() => {}}
        secondary={null}
      />,
    );
    expect(screen.getByText(/It is valid for 5 minutes\./)).toBeTruthy();
  });
});

describe('the privacy policy quotes the configured code lifetime', () => {
  it.each([
    [300, 'one-time codes expire after 5 minutes'],
    [900, 'one-time codes expire after 15 minutes'],
  ])('OTP_TTL_SECONDS=%i: "%s"', async (seconds, words) => {
    renderScreen({
      path: '/privacy-policy',
      session: null,
      wrap: (page) => (
        <ClientConfigContext value={{ ...defaultClientConfig, otp_ttl_seconds: seconds }}>
          {page}
        </ClientConfigContext>
      ),
      routes: (
        <Route path="/privacy-policy" element={<PrivacyPolicyScreen services={quietLegalServices} />} />
      ),
    });
    expect((await screen.findByText(/one-time codes expire after/)).textContent).toContain(words);
  });
});
