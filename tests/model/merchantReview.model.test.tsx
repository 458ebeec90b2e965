import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { merchantReviewMachine, type DecideInput } from '../../machines/merchantReview.machine';
import type { MerchantReviewFile } from '../../schemas/merchantReview.schema';
import type { ReviewFileServices } from '../../src/app/merchantReviewActors';
import { MerchantReviewFileScreen } from '../../src/screens/backOffice/MerchantReviewScreen';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  aegeanFile,
  aegeanMerchantId,
  merchantReviewModel,
  merchantReviewPath,
  rejectionReason,
  requestNote,
  reviewTexts,
} from './merchantReview.paths';
import { fakeReviewFiles } from './reviewFixtures';

// Every generated path of one merchant's review by the bank (machines/merchantReview.machine.ts), run against the real
// file screen at /back-office/merchant-reviews/:id; then the file in English, checked with axe.

type ReviewActor = ActorRefFrom<typeof merchantReviewMachine>;

const journey = journeyCapture<ReviewActor>('merchant review journey');
const t = reviewTexts;

const click = async (app: RenderedApp, name: string) => {
  await app.user.click(screen.getByRole('button', { name }));
};

/** Ticks "Documents" (once) and writes its note, or unticks every step: the form keeps what was typed before. */
async function chooseSteps(app: RenderedApp, steps: Array<{ step: string; note: string }>) {
  const box = screen.getByRole('checkbox', { name: t.documentsStep });
  const wanted = steps.length > 0;
  if ((box as HTMLInputElement).checked !== wanted) await app.user.click(box);
  if (!wanted) return;
  const note = screen.getByLabelText(t.documentsNote);
  await app.user.clear(note);
  const written = steps[0]!.note;
  if (written) await app.user.type(note, written);
}

const executors: Executors<typeof merchantReviewMachine> = {
  'load.retry': (app) => click(app, t.retry),
  'approve.start': (app) => click(app, t.approve),
  'reject.start': (app) => click(app, t.reject),
  'information.start': (app) => click(app, t.askInformation),
  'approve.confirm': (app) => click(app, t.confirmApprove),
  'decision.retry': (app) => click(app, t.retry),
  'vat.recheck': (app) => click(app, t.recheckVat),
  'decision.back': async (app) => {
    const back = screen.queryByRole('button', { name: t.backToFile });
    await app.user.click(back ?? screen.getByRole('button', { name: t.cancel }));
  },
  'reject.submit': async (app, event) => {
    const reason = screen.getByLabelText(t.reason);
    await app.user.clear(reason);
    if (event.reason) await app.user.type(reason, event.reason);
    await click(app, t.rejectSubmit);
  },
  'information.submit': async (app, event) => {
    await chooseSteps(app, event.steps);
    await click(app, t.requestSubmit);
  },
};

function startApp(
  services: ReviewFileServices = fakeReviewFiles(),
  staffId: string | null = null,
): RenderedApp {
  return renderJourneyScreen<ReviewActor>({
    path: merchantReviewPath,
    route: '/back-office/merchant-reviews/:id',
    journey,
    shell: false,
    screen: ({ effects, inspect }) => (
      <MerchantReviewFileScreen
        merchantId={aegeanMerchantId}
        services={services}
        logic={merchantReviewMachine.provide({
          actors: {
            loadFile: effects.logic<MerchantReviewFile, { merchantId: string }>(),
            decide: effects.logic<MerchantReviewFile, DecideInput>(),
            recheckVat: effects.logic<MerchantReviewFile, { merchantId: string }>(),
          },
        })}
        staffId={staffId}
        inspect={inspect}
      />
    ),
  });
}

const paths = generatePaths(merchantReviewModel);

describe(`merchantReview journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const runner: PathRunner<typeof merchantReviewMachine> = {
      model: merchantReviewModel,
      executors,
      live: () => journey.snapshot(),
    };
    await runPath(runner, path, startApp());
  });
});

const axeViolations = async (container: HTMLElement) =>
  // jsdom loads no frame: axe checks the page around the opened document, not inside it.
  (
    await axe.run(container, { iframes: false, rules: { 'color-contrast': { enabled: false } } })
  ).violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);

describe('the merchant review file', () => {
  it('shows the file in words, opens a document and the photos with the staff client, and passes axe', async () => {
    const services = fakeReviewFiles();
    const app = startApp(services);
    await app.effects.settle('loadFile', {
      output: {
        ...aegeanFile,
        risk_flags: [
          { code: 'representative_not_director', message: 'No director has the representative’s name.' },
        ],
      },
    });
    await screen.findByRole('heading', { level: 1, name: t.name });
    const flags = screen.getByRole('list', { name: 'Risk flags' });
    expect(within(flags).getByText('No director has the representative’s name.')).toBeTruthy();
    expect(screen.getByText('Kyma Holdings AE (GR): owns 40%')).toBeTruthy();
    expect(screen.getByText('Every photo is there: passed')).toBeTruthy();
    expect(screen.getByText('The VAT registry knows the number: AEGEAN COFFEE I.K.E.')).toBeTruthy();
    await click(app, 'Open gemi.pdf');
    expect(await screen.findByTitle('Certificate of registration: gemi.pdf')).toBeTruthy();
    await click(app, 'Show the photos');
    expect(await screen.findByRole('img', { name: 'Selfie' })).toBeTruthy();
    expect(services.opened).toEqual([
      `document ${aegeanMerchantId} ${aegeanFile.documents[0]!.id}`,
      `photo ${aegeanFile.identity.verification_id} front`,
      `photo ${aegeanFile.identity.verification_id} selfie`,
    ]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says when a document or the photos could not be opened, keeps the button to try again, and closes a document', async () => {
    const services = fakeReviewFiles();
    let refuse = true;
    const refusing: ReviewFileServices = {
      openDocument: async (merchantId, documentId) => {
        if (refuse) throw new Error('no answer');
        return services.openDocument(merchantId, documentId);
      },
      openPhoto: async (verificationId, side) => {
        if (refuse) throw new Error('no answer');
        return services.openPhoto(verificationId, side);
      },
    };
    const app = startApp(refusing);
    await app.effects.settle('loadFile', { output: aegeanFile });
    await click(app, 'Open gemi.pdf');
    expect(await screen.findByText('The file could not be opened.')).toBeTruthy();
    expect(screen.queryByTitle('Certificate of registration: gemi.pdf')).toBeNull();
    await click(app, 'Show the photos');
    await waitFor(() => expect(screen.getAllByText('The file could not be opened.')).toHaveLength(2));
    expect(screen.queryByRole('img')).toBeNull();
    refuse = false;
    await click(app, 'Show the photos');
    expect(await screen.findByRole('img', { name: 'Selfie' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show the photos' })).toBeNull();
    await click(app, 'Open gemi.pdf');
    expect(await screen.findByTitle('Certificate of registration: gemi.pdf')).toBeTruthy();
    expect(screen.queryByText('The file could not be opened.')).toBeNull();
    await click(app, 'Close');
    expect(screen.queryByTitle('Certificate of registration: gemi.pdf')).toBeNull();
  });

  it('sends the reason and the steps with their notes as typed, trimmed', async () => {
    const app = startApp();
    await app.effects.settle('loadFile', { output: aegeanFile });
    await click(app, t.reject);
    await click(app, t.rejectSubmit);
    expect(await screen.findByText(t.reasonMissing)).toBeTruthy();
    await app.user.type(screen.getByLabelText(t.reason), `  ${rejectionReason}  `);
    await click(app, t.rejectSubmit);
    await waitFor(() =>
      expect(app.effects.made.filter((call) => call.id === 'decide').map((call) => call.input)).toEqual([
        { merchantId: aegeanMerchantId, decision: { kind: 'reject', reason: rejectionReason } },
      ]),
    );
    await app.effects.settle('decide', { error: { kind: 'network' } });
    await click(app, t.backToFile);
    await app.effects.settle('loadFile', { output: aegeanFile });
    await click(app, t.askInformation);
    await click(app, t.requestSubmit);
    expect(await screen.findByText(t.stepsMissing)).toBeTruthy();
    await chooseSteps(app, [{ step: 'documents', note: requestNote }]);
    await click(app, t.requestSubmit);
    await waitFor(() =>
      expect(app.effects.made.filter((call) => call.id === 'decide').at(-1)?.input).toEqual({
        merchantId: aegeanMerchantId,
        decision: { kind: 'requestInformation', steps: [{ step: 'documents', note: requestNote }] },
      }),
    );
  });

  // Four-eyes: the reviewer who gave a flagged merchant's first approval reads that the second must come from someone
  // else (the server refuses theirs), and another reviewer that theirs is the second, which opens the account.
  const firstBy = { staff_id: '00000000-0000-4000-8000-0000000000f1', name: 'Maria Reviewer' };
  it.each([
    [
      'the reviewer who gave the first approval',
      firstBy.staff_id,
      'You gave the first approval of this merchant: the second must come from another staff member.',
    ],
    [
      'another reviewer',
      '00000000-0000-4000-8000-0000000000f2',
      'Yours is the second approval: the merchant’s account opens and the owner is told by email.',
    ],
  ])('the approval dialog of a flagged merchant approved once, as %s', async (_who, staffId, says) => {
    const app = startApp(fakeReviewFiles(), staffId);
    await app.effects.settle('loadFile', {
      output: {
        ...aegeanFile,
        state: 'awaiting_second_approval',
        approvals_needed: 2,
        first_approval: { by: firstBy, at: '2026-01-15T09:00:00.000Z' },
        risk_flags: [
          { code: 'vat_not_checked', message: 'The VAT number was not confirmed by the VAT registry.' },
        ],
      },
    });
    await click(app, t.approve);
    const dialog = await screen.findByRole('dialog', { name: t.confirmTitle });
    expect(within(dialog).getByText(says)).toBeTruthy();
  });
});
