import type { FaqResponse } from '../../../schemas/public.schema';
import { api, unwrap } from '../../api/client';
import type { FaqCategory } from './faqSearch';

export type FaqLanguage = 'en' | 'el';

/** Reads the FAQ in one language; tests give their own. Must be stable (defined once, not per render). */
export type LoadFaq = (language: FaqLanguage, signal: AbortSignal) => Promise<FaqCategory[]>;

/** The server's FAQ (both languages) as the page shows it: one language, grouped in the server's category order. */
export function faqIn(response: FaqResponse, language: FaqLanguage): FaqCategory[] {
  return response.categories
    .map((category) => ({
      id: category.id,
      title: category.title[language],
      entries: response.items
        .filter((item) => item.category === category.id)
        .map((item) => ({ id: item.id, question: item.question[language], answer: item.answer[language] })),
    }))
    .filter((category) => category.entries.length > 0);
}

/** The whole FAQ is one small document in both languages; it is read once per page load. */
let cached: Promise<FaqResponse> | null = null;

/** GET /api/faq/ (public) through the app's API client. */
export const loadFaqFromApi: LoadFaq = async (language, signal) => {
  cached ??= unwrap(api.GET('/api/faq/')).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
  return faqIn(await cached, language);
};
