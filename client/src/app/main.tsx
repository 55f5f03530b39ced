import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage } from '../config/routes';
import { i18n, rememberedLanguage } from '../i18n';
import '../styles/index.css';
import { App } from './App';

// The first render is already in the right language.
void i18n.changeLanguage(detectLanguage(window.location, rememberedLanguage()));
document.documentElement.lang = i18n.language;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
