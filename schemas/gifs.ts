/**
 * The bundled GIFs a payment note may carry, so that the GIF picker works offline, with no provider configured.
 *
 * `npm run gifs` (scripts/buildGifs.ts) draws each one with gifenc into `public/gifs/<file>` (Vite copies `public/`
 * into the built app, which the server serves as static files: `/gifs/<file>`); `npm run check:generated` redraws them
 * and fails when a file is stale. Simple animated shapes and colours, no text (text would need translating): the
 * label is the react-intl message `message` (src/ui/gifMessages.ts), used as alt text. `keywords` are what the bundled
 * search (server/gifs.ts) matches, in English and Greek. The server accepts exactly these ids as a payment's `gif`
 * (schemas/sendMoney.schema.ts), besides a Giphy or Tenor media URL.
 */

/** Where the browser finds the bundled files (the web app's root). */
export const bundledGifPath = '/gifs/';

export type BundledGif = {
  /** What a payment's `gif` holds: lower case letters, digits and hyphens. */
  id: string;
  /** Under {@link bundledGifPath}. */
  file: string;
  width: number;
  height: number;
  /** The react-intl message id of its label (alt text). */
  message: string;
  /** Search words, without accents or capitals needed (the search folds both). */
  keywords: { en: readonly string[]; el: readonly string[] };
};

const size = { width: 96, height: 96 } as const;

export const bundledGifs = [
  {
    id: 'thanks',
    file: 'thanks.gif',
    ...size,
    message: 'gif.label.thanks',
    keywords: { en: ['thanks', 'thank you', 'heart', 'love'], el: ['ευχαριστώ', 'ευχαριστούμε', 'καρδιά'] },
  },
  {
    id: 'thumbs-up',
    file: 'thumbs-up.gif',
    ...size,
    message: 'gif.label.thumbsUp',
    keywords: { en: ['thumbs up', 'ok', 'yes', 'good', 'like'], el: ['τέλεια', 'εντάξει', 'ναι', 'μπράβο'] },
  },
  {
    id: 'party-parrot',
    file: 'party-parrot.gif',
    ...size,
    message: 'gif.label.partyParrot',
    keywords: { en: ['party parrot', 'bird', 'fun', 'dance'], el: ['παπαγάλος', 'πουλί', 'χορός', 'κέφι'] },
  },
  {
    id: 'coffee',
    file: 'coffee.gif',
    ...size,
    message: 'gif.label.coffee',
    keywords: { en: ['coffee', 'cup', 'break', 'cafe'], el: ['καφές', 'φλιτζάνι', 'διάλειμμα'] },
  },
  {
    id: 'party',
    file: 'party.gif',
    ...size,
    message: 'gif.label.party',
    keywords: { en: ['party', 'confetti', 'celebrate'], el: ['πάρτι', 'κομφετί', 'γιορτή'] },
  },
  {
    id: 'rent',
    file: 'rent.gif',
    ...size,
    message: 'gif.label.rent',
    keywords: { en: ['rent', 'house', 'home', 'flat'], el: ['ενοίκιο', 'σπίτι', 'διαμέρισμα'] },
  },
  {
    id: 'invoice-paid',
    file: 'invoice-paid.gif',
    ...size,
    message: 'gif.label.invoicePaid',
    keywords: {
      en: ['invoice paid', 'bill', 'paid', 'done'],
      el: ['τιμολόγιο', 'εξοφλήθηκε', 'πληρώθηκε', 'λογαριασμός'],
    },
  },
  {
    id: 'lunch',
    file: 'lunch.gif',
    ...size,
    message: 'gif.label.lunch',
    keywords: {
      en: ['lunch', 'food', 'meal', 'pizza', 'dinner'],
      el: ['μεσημεριανό', 'φαγητό', 'πίτσα', 'δείπνο'],
    },
  },
  {
    id: 'birthday',
    file: 'birthday.gif',
    ...size,
    message: 'gif.label.birthday',
    keywords: { en: ['birthday', 'cake', 'candle', 'gift'], el: ['γενέθλια', 'τούρτα', 'κερί', 'δώρο'] },
  },
  {
    id: 'high-five',
    file: 'high-five.gif',
    ...size,
    message: 'gif.label.highFive',
    keywords: {
      en: ['high five', 'team', 'deal', 'together'],
      el: ['κόλλα πέντε', 'ομάδα', 'συμφωνία', 'μαζί'],
    },
  },
  {
    id: 'money',
    file: 'money.gif',
    ...size,
    message: 'gif.label.money',
    keywords: {
      en: ['money', 'coins', 'cash', 'savings'],
      el: ['χρήματα', 'λεφτά', 'κέρματα', 'αποταμίευση'],
    },
  },
  {
    id: 'star',
    file: 'star.gif',
    ...size,
    message: 'gif.label.star',
    keywords: { en: ['star', 'well done', 'great', 'shine'], el: ['αστέρι', 'συγχαρητήρια', 'υπέροχα'] },
  },
] as const satisfies readonly BundledGif[];

export type BundledGifId = (typeof bundledGifs)[number]['id'];

export const bundledGifIds: readonly BundledGifId[] = bundledGifs.map((gif) => gif.id);

/** The bundled GIF with this id, if it is one. */
export function bundledGif(id: string): (typeof bundledGifs)[number] | undefined {
  return bundledGifs.find((gif) => gif.id === id);
}

/** Its address in the web app: `/gifs/thanks.gif`. */
export const bundledGifUrl = (gif: Pick<BundledGif, 'file'>) => `${bundledGifPath}${gif.file}`;

/** Lower case without accents, so `Καφές`, `καφες` and `ΚΑΦΕΣ` are one word. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/ς/g, 'σ').trim();
}

/**
 * The bundled GIFs whose keywords (English or Greek), id or `extra` words (a label in the reader's language) match
 * every word of the query at a word's start: `inv`, `paid`, `καφ`. An empty query matches all. In the manifest's order.
 * The server's search and the picker's offline search are this one function.
 */
export function matchBundledGifs(
  query: string,
  extra: (gif: BundledGif) => readonly string[] = () => [],
): (typeof bundledGifs)[number][] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  return bundledGifs.filter((gif) => {
    const vocabulary = [gif.id.replace(/-/g, ' '), ...gif.keywords.en, ...gif.keywords.el, ...extra(gif)]
      .flatMap((keyword) => foldText(keyword).split(/\s+/))
      .filter(Boolean);
    return words.every((word) => vocabulary.some((known) => known.startsWith(word)));
  });
}
