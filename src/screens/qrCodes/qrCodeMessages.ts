import { defineMessage, defineMessages } from 'react-intl';

/** Every text of the QR code screens (SPEC §2 /my-wallet/qr-codes, §3 "QR code", §8 "QR code deleted"). */
export const qrCodeMessages = defineMessages({
  title: { id: 'qrCodes.title', defaultMessage: 'QR codes' },
  intro: {
    id: 'qrCodes.intro',
    defaultMessage:
      'Show a QR code or share its link: a merchant who opens it signs in and pays you through send money.',
  },
  generateTitle: { id: 'qrCodes.generate.title', defaultMessage: 'Generate a QR code' },
  currency: { id: 'qrCodes.generate.currency', defaultMessage: 'Account to receive the money' },
  amountHint: {
    id: 'qrCodes.generate.amountHint',
    defaultMessage: 'Leave it empty to let the payer choose the amount.',
  },
  note: { id: 'qrCodes.generate.note', defaultMessage: 'Note (optional)' },
  generate: { id: 'qrCodes.generate.submit', defaultMessage: 'Generate QR code' },
  amountInvalid: {
    id: 'qrCodes.error.amount',
    defaultMessage: 'Enter an amount greater than zero, or leave it empty.',
  },
  noAccount: { id: 'qrCodes.error.noAccount', defaultMessage: 'No data found for this currency.' },
  createFailed: {
    id: 'qrCodes.error.createFailed',
    defaultMessage: 'The QR code could not be generated, try again later.',
  },
  created: { id: 'qrCodes.created', defaultMessage: 'QR code generated' },
  listTitle: { id: 'qrCodes.list.title', defaultMessage: 'Your QR codes' },
  empty: { id: 'qrCodes.list.empty', defaultMessage: 'You have no QR codes yet.' },
  link: { id: 'qrCodes.list.link', defaultMessage: 'Shareable link' },
  deleteButton: { id: 'qrCodes.delete', defaultMessage: 'Delete' },
  download: { id: 'qrCodes.download', defaultMessage: 'Download' },
  deleteTitle: { id: 'qrCodes.delete.title', defaultMessage: 'Delete this QR code?' },
  deleteBody: {
    id: 'qrCodes.delete.body',
    defaultMessage: 'Its link will stop working. Payments already made are not affected.',
  },
  cancel: { id: 'qrCodes.cancel', defaultMessage: 'Cancel' },
  deleted: { id: 'qrCodes.deleted', defaultMessage: 'QR code deleted' },
  deleteFailed: {
    id: 'qrCodes.delete.failed',
    defaultMessage: 'The QR code could not be deleted, try again later.',
  },
  backToWallet: { id: 'qrCodes.backToWallet', defaultMessage: 'Back to my wallet' },

  payTitleLoading: { id: 'qrCodes.pay.loading', defaultMessage: 'Opening the QR code…' },
  to: { id: 'qrCodes.pay.to', defaultMessage: 'To' },
  amount: { id: 'qrCodes.pay.amount', defaultMessage: 'Amount' },
  payerChooses: { id: 'qrCodes.pay.payerChooses', defaultMessage: 'You choose the amount' },
  noteLabel: { id: 'qrCodes.pay.note', defaultMessage: 'Note' },
  pay: { id: 'qrCodes.pay.submit', defaultMessage: 'Pay' },
  notFoundTitle: { id: 'qrCodes.pay.notFound.title', defaultMessage: 'This QR code does not work' },
  notFoundBody: {
    id: 'qrCodes.pay.notFound.body',
    defaultMessage: 'It does not exist or was deleted. Ask the merchant for a new QR code.',
  },
  ownTitle: { id: 'qrCodes.pay.own.title', defaultMessage: 'This is your own QR code' },
  ownBody: {
    id: 'qrCodes.pay.own.body',
    defaultMessage: 'You cannot pay yourself. Share the link with the merchant who pays you.',
  },
  toQrCodes: { id: 'qrCodes.pay.toQrCodes', defaultMessage: 'Go to your QR codes' },
});

/** Texts with values. */
export const qrCodeValueMessages = {
  amountLabel: defineMessage<{ currency: string }>({
    id: 'qrCodes.generate.amount',
    defaultMessage: 'Amount in {currency} (optional)',
  }),
  anyAmount: defineMessage<{ currency: string }>({
    id: 'qrCodes.list.anyAmount',
    defaultMessage: 'Any amount in {currency}',
  }),
  createdOn: defineMessage<{ date: string }>({
    id: 'qrCodes.list.createdOn',
    defaultMessage: 'Created {date}',
  }),
  image: defineMessage<{ link: string }>({
    id: 'qrCodes.list.image',
    defaultMessage: 'QR code of the link {link}',
  }),
  copyWhat: defineMessage<{ title: string }>({
    id: 'qrCodes.list.copyWhat',
    defaultMessage: 'link of the QR code for {title}',
  }),
  downloadLabel: defineMessage<{ title: string }>({
    id: 'qrCodes.download.label',
    defaultMessage: 'Download the QR code image for {title}',
  }),
  deleteLabel: defineMessage<{ title: string }>({
    id: 'qrCodes.delete.label',
    defaultMessage: 'Delete the QR code for {title}',
  }),
  payTitle: defineMessage<{ name: string }>({ id: 'qrCodes.pay.title', defaultMessage: 'Pay {name}' }),
  payee: defineMessage<{ name: string; tag: string }>({
    id: 'qrCodes.pay.payee',
    defaultMessage: '{name} ({tag})',
  }),
  max: defineMessage<{ n: number }>({ id: 'qrCodes.error.max', defaultMessage: 'Max {n} characters' }),
};
