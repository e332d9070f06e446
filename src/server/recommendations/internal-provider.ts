/** The internal recommendation provider: the ranking the static product pages are built with (recommendation-facts.ts). */
import { recommendedIds } from '#server/catalogue/recommendation-facts.ts';
import type { RecommendationProvider } from './recommendation-provider.ts';

export const internalRecommendations: RecommendationProvider = {
  name: 'internal',
  async recommend(db, { locale, subject, limit }) {
    return (await recommendedIds(db, locale, { id: subject.id }, limit)) ?? [];
  },
};
