import type { MessageCatalogs } from './message-catalogs';

/** Texts of the search endpoint. */
export const SEARCH_MESSAGES: MessageCatalogs = {
  en: {
    'SEARCH.UNKNOWN_PARAMETER': 'Unknown search parameter',
    'SEARCH.INVALID_CURSOR': 'This results page is no longer valid; please search again',
  },
  et: {
    'SEARCH.UNKNOWN_PARAMETER': 'Tundmatu otsinguparameeter',
    'SEARCH.INVALID_CURSOR': 'See tulemuste leht ei kehti enam; palun otsige uuesti',
  },
};
