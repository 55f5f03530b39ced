import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../i18n';

beforeEach(async () => {
  localStorage.clear();
  document.cookie = 'lepinguturg.cookiesAccepted=1; path=/';
  await i18n.changeLanguage('et');
});

afterEach(() => {
  cleanup();
});
