/**
 * Screen paths (SPEC §2) that other screens link to. Kept apart from the screens so that a page linking to one does
 * not load it (the pay page must not load the QR library).
 */
export const qrCodesPath = '/my-wallet/qr-codes';

/** Where the scheduled payments live; `/:id` opens one. */
export const scheduledPaymentsPath = '/my-wallet/scheduled-payments';
