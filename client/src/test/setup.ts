import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../i18n';
import { sessionActions } from '../stores/session-store';
import { browserLocation } from '../utils/browser';

// Screens are lazy chunks (app/router.tsx): their first import in a test run is transformed on demand,
// which on a busy machine takes longer than the default second that findBy*/waitFor wait.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  // The session store lives as long as the module: start every test signed out, in Estonian.
  sessionActions.signedOut();
  sessionActions.uiLanguageChanged('et');
  // Nobody leaves for the identity provider in a test; tests that care spy on it themselves.
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
  document.cookie = 'lepinguturg.cookiesAccepted=1; path=/';
  await i18n.changeLanguage('et');
});

afterEach(() => {
  cleanup();
});
