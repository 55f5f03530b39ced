import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage } from '../config/routes';
import { i18n, rememberedLanguage } from '../i18n';
import '../styles/index.css';
import { App } from './App';
import { preloadScreen } from './router';

// The first render is already in the right language.
void i18n.changeLanguage(detectLanguage(window.location, rememberedLanguage()));
document.documentElement.lang = i18n.language;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page's own screen first (its files are named in the HTML and on their way): the first paint is the
// page, not a skeleton that the page replaces a moment later.
void preloadScreen(window.location.pathname).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
