import type { ApiFailure } from '../../machines/apiFailure';
import type { ReviewFileServices } from '../../src/app/merchantReviewActors';
import type { ScreenExpectation } from './generatePaths';

/*
 * What the test models of the bank's review of a merchant (merchantReview.paths.ts) and of identity photos
 * (identityReview.paths.ts) share: the reviewer who decides, the failures the server answers, the files the page
 * opens, and the page in the steps both journeys have (read, a decision's dialog or form, its failure, decided).
 */

/** The signed-in reviewer whose decisions the fake server answers, and when. */
export const mariaReviewer = { staff_id: '00000000-0000-4000-8000-0000000000f1', name: 'Maria Reviewer' };
export const decidedAt = '2026-01-15T09:00:00.000Z';

export const httpFailure = (status: number, code: string, message: string) =>
  ({ kind: 'http', status, code, message }) satisfies ApiFailure;

export const networkFails = {
  failure: { kind: 'network' },
  says: 'The network fails (no answer from the server)',
} as const;

/** Documents and photos as the staff client would fetch them, each opening noted in order. */
export function fakeReviewFiles(): ReviewFileServices & { opened: string[] } {
  const opened: string[] = [];
  return {
    opened,
    openDocument: async (merchantId, documentId) => {
      opened.push(`document ${merchantId} ${documentId}`);
      return new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    },
    openPhoto: async (verificationId, side) => {
      opened.push(`photo ${verificationId} ${side}`);
      return new Blob(['jpeg'], { type: 'image/jpeg' });
    },
  };
}

/**
 * The review page in the steps every review journey has. decisionButtons are the buttons that start a decision;
 * while a decision is asked for (its dialog or form) or has failed they are gone, and once decided so is retry.
 */
export function reviewScreens({
  path,
  heading,
  alert,
  busy,
  decisionButtons,
  retry,
}: {
  path: string;
  heading: string;
  alert: string | null;
  busy: boolean;
  decisionButtons: string[];
  retry: string;
}) {
  const page = { path, heading, alert, absent: decisionButtons };
  const buttons = (names: string[]) => (busy ? { disabled: names } : { enabled: names });
  return {
    loading: { path, heading: null },
    loadFailed: (title: string, words: string): ScreenExpectation => ({
      path,
      heading: title,
      alert: words,
      enabled: [retry],
    }),
    /** The page read, with the buttons that start a decision (and any other the page offers). */
    viewing: (enabled: string[]): ScreenExpectation => ({ path, heading, alert, dialogs: [], enabled }),
    /** A decision asked for in a dialog (its title) or on the page (no dialog), with its buttons. */
    asking: (dialog: string | null, names: string[]): ScreenExpectation => ({
      ...page,
      dialogs: dialog ? [dialog] : [],
      ...buttons(names),
    }),
    failed: (back: string): ScreenExpectation => ({ ...page, dialogs: [], enabled: [retry, back] }),
    decided: {
      path,
      heading,
      alert: null,
      dialogs: [],
      absent: [...decisionButtons, retry],
    } as ScreenExpectation,
  };
}
