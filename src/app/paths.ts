/** SPEC §2: the QR codes screen. Kept apart from the screen so that the pay page does not load the QR library. */
export const qrCodesPath = '/my-wallet/qr-codes';
