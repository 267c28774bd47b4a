import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { createI18n } from './i18n';
import './styles.css';

const i18n = createI18n();
document.documentElement.lang = i18n.resolvedLanguage ?? 'en';
i18n.on('languageChanged', (l) => (document.documentElement.lang = l));

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);
