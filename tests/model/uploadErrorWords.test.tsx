import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  identityVerificationMachine,
  type UploadImageInput,
} from '../../machines/identityVerification.machine';
import {
  onboardingMachine,
  type LoadInput,
  type LoadOutput,
  type UploadInput,
} from '../../machines/onboarding.machine';
import {
  kycImageContentTypes,
  kycMinLongSide,
  kycMinShortSide,
  type KycCriteria,
  type KycImage,
} from '../../schemas/kyc.schema';
import type { OnboardingDocument } from '../../schemas/onboarding.schema';
import type { StepUpMethodsResponse } from '../../schemas/stepUp.schema';
import { CaptureStep } from '../../src/screens/kyc/CaptureStep';
import type { ProfileServices } from '../../src/app/profileActors';
import { DocumentsStep } from '../../src/screens/onboarding/DocumentsStep';
import { LogoSection } from '../../src/screens/profile/ProfilePages';
import { ProfileServicesContext } from '../../src/screens/profile/profileParts';
import { OnboardingServicesContext, type OnboardingServices } from '../../src/screens/onboarding/services';
import { renderPart } from './harness';
import { merchantId, reference, rejectedState } from './onboarding.paths';
import { aegeanProfile } from './profileChange.paths';

// What a merchant reads when an upload is refused, beside the field concerned: a text file named .pdf on the
// documents step gets the server's rule (the types it accepts), and a selfie of 400 × 400 pixels gets the size rule
// with its own size, instead of "Something went wrong" or "This was not accepted".

const running: Array<{ stop: () => void }> = [];
afterEach(() => {
  while (running.length) running.pop()?.stop();
});

/** The error slot tied to a file field: what aria-describedby points at, and the field marked invalid. */
function errorBeside(input: HTMLElement): string {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const alert = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.getAttribute('role') === 'alert');
  expect(alert, 'an error announced and tied to the field').toBeTruthy();
  return alert?.textContent ?? '';
}

describe('documents step', () => {
  it('says beside the file field that a disguised PDF is not a PDF, JPEG or PNG, in the server’s rule', async () => {
    const refused: ApiFailure = {
      kind: 'http',
      status: 400,
      code: 'unsupported_file_type',
      message: 'Upload a PDF, JPEG, PNG file.',
      fields: { file: 'Upload a PDF, JPEG, PNG file.' },
      details: { detected: null },
    };
    const onboarding = createActor(
      onboardingMachine.provide({
        actors: {
          loadOnboarding: fromPromise<LoadOutput, LoadInput>(async () => ({
            state: rejectedState,
            reference,
          })),
          uploadDocument: fromPromise<OnboardingDocument, UploadInput>(async () => {
            throw refused;
          }),
        },
      }),
      { input: { merchantId } },
    );
    onboarding.start();
    running.push(onboarding);
    await waitFor(() => expect(onboarding.getSnapshot().context.data).not.toBeNull());
    act(() => onboarding.send({ type: 'step.open', step: 'documents' }));

    // The stored documents' previews: nothing to show here.
    const services: OnboardingServices = {
      vatCheck: () => Promise.reject(new Error('not used')),
      downloadDocument: () => new Promise<Blob>(() => {}),
      uploadCompanyLogo: () => Promise.reject(new Error('not used')),
    };
    renderPart(
      <OnboardingServicesContext.Provider value={services}>
        <DocumentsStep onboarding={onboarding} />
      </OnboardingServicesContext.Provider>,
    );
    const input = screen.getByLabelText('Upload Certificate of registration (PDF, JPEG or PNG)');
    const disguised = new File(['just text, not a PDF'], 'invoice.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, disguised);

    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(errorBeside(input)).toBe(
      'This file is not a PDF, JPEG or PNG file: we look at what is inside it, not at its name. Save or scan it ' +
        'as PDF, JPEG or PNG and choose it again.',
    );
    // Said once, beside the field; the refused file is named with its size.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByText('Chosen: invoice.pdf (1 kB)')).toBeTruthy();
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });
});

describe('identity verification, selfie', () => {
  it('says beside the photo field how large it must be, and how large the photo was', async () => {
    const criteria: KycCriteria = {
      document_types: [{ type: 'passport', sides: ['front'] }],
      image: {
        content_types: [...kycImageContentTypes],
        min_width: kycMinLongSide,
        min_height: kycMinShortSide,
        max_bytes: 10 * 1024 * 1024,
      },
      selfie_required: true,
      expiry_must_be_future: true,
      name_must_match_representative: true,
      criteria: ['images_complete'],
    };
    const tooSmall: ApiFailure = {
      kind: 'http',
      status: 400,
      code: 'validation_failed',
      message: 'Some fields are missing or not valid.',
      fields: { file: `The image must be at least ${kycMinLongSide} × ${kycMinShortSide} pixels.` },
      details: { width: 400, height: 400 },
    };
    const kyc = createActor(
      identityVerificationMachine.provide({
        actors: {
          loadCriteria: fromPromise(async () => criteria),
          loadStepUpMethods: fromPromise<StepUpMethodsResponse, void>(async () => ({
            available_methods: [],
          })),
          // The code step is its own journey (tests/model/oneTimeCode.*): here it grants at once.
          oneTimeCode: fromPromise(async () => ({
            stepUpToken: 'grant',
          })) as unknown as AnyActorLogic as never,
          initiateKyc: fromPromise(async () => ({ id: '00000000-0000-4000-8000-0000000000c1' })),
          uploadKycImage: fromPromise<KycImage, UploadImageInput>(async ({ input }) => {
            if (input.side === 'selfie') throw tooSmall;
            return {
              side: input.side,
              content_type: 'image/png' as const,
              width: 800,
              height: 600,
              size: 4,
              uploaded_at: '2026-01-15T09:00:00.000Z',
            };
          }),
        },
      }),
    );
    kyc.start();
    running.push(kyc);
    await waitFor(() => expect(kyc.getSnapshot().matches('start')).toBe(true));
    kyc.send({
      type: 'details.submit',
      values: {
        document_type: 'passport',
        document_number: 'AB1234567',
        expiry_date: `${new Date().getUTCFullYear() + 2}-01-01`,
        first_name: 'Eleni',
        last_name: 'Papadopoulou',
      },
    });
    await waitFor(() => expect(kyc.getSnapshot().context.side).toBe('front'));
    kyc.send({ type: 'image.capture', file: new File(['front'], 'front.png', { type: 'image/png' }) });
    await waitFor(() => expect(kyc.getSnapshot().context.side).toBe('selfie'));

    renderPart(<CaptureStep kyc={kyc} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('A selfie');
    const input = screen.getByLabelText('Take or choose a photo');
    // The front camera on a phone; the rule is said before the photo is taken.
    expect(input.getAttribute('capture')).toBe('user');
    expect(
      screen.getByText(
        `Drop a photo here or choose one: JPEG or PNG, at least ${kycMinLongSide} × ${kycMinShortSide} pixels, up to 10 MB.`,
      ),
    ).toBeTruthy();
    await userEvent.upload(input, new File(['selfie'], 'selfie.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this photo' }));

    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(errorBeside(input)).toBe(
      `This photo is 400 × 400 pixels; it must be at least ${kycMinLongSide} × ${kycMinShortSide} pixels, either ` +
        'way round. Take it again closer, or choose a larger photo.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/This was not accepted/)).toBeNull();
  });

  it('says the same rule in Greek', async () => {
    const { kycPhotoErrorText } = await import('../../src/screens/kyc/kycMessages');
    const { createIntl } = await import('react-intl');
    const el = (await import('../../lang/el.json')).default;
    const intl = createIntl({ locale: 'el', messages: el });
    expect(kycPhotoErrorText(intl, 'validation_failed', { width: 400, height: 400 }, null)).toBe(
      `Η φωτογραφία είναι 400 × 400 εικονοστοιχεία· πρέπει να είναι τουλάχιστον ${kycMinLongSide} × ` +
        `${kycMinShortSide} εικονοστοιχεία, σε οποιονδήποτε προσανατολισμό. Τραβήξτε τη ξανά από πιο κοντά ή ` +
        'επιλέξτε μεγαλύτερη φωτογραφία.',
    );
  });
});

describe('profile, company logo', () => {
  it('says beside the logo field that an unreadable image cannot be used', async () => {
    const unreadable: ApiFailure = {
      kind: 'http',
      status: 400,
      code: 'invalid_image',
      message: 'The image could not be read.',
    };
    const notHere = async (): Promise<never> => {
      throw new Error('not in this test');
    };
    const services: ProfileServices = {
      loadProfile: async () => aegeanProfile,
      loadReference: notHere,
      updateContact: notHere,
      updateRepresentative: notHere,
      latestDocuments: async () => [],
      uploadDocument: notHere,
      downloadDocument: notHere,
      uploadLogo: async () => {
        throw unreadable;
      },
      loadLogo: async () => null,
    };
    renderPart(
      <ProfileServicesContext.Provider value={services}>
        <LogoSection profile={{ ...aegeanProfile, editable: true }} />
      </ProfileServicesContext.Provider>,
    );
    const input = screen.getByLabelText('Logo image');
    await userEvent.upload(input, new File(['not an image'], 'logo.png', { type: 'image/png' }));
    expect(screen.getByText('Chosen: logo.png (1 kB)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(errorBeside(input)).toBe('This image cannot be read. Choose another PNG, JPEG or WEBP image.');
  });
});
