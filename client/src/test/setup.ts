import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../i18n';
import { sessionActions } from '../stores/session-store';
import { browserLocation } from '../utils/browser';

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
