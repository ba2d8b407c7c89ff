import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageReady } from './i18n';
import './styles.css';
import { App } from './App';
import { registerServiceWorker } from './serviceWorker';

window.addEventListener('offline', () => console.info('Sem conexão: o aplicativo funciona em modo offline.'));
registerServiceWorker();

// In the chosen language from the first paint (en and es are fetched, pt-BR is bundled).
void languageReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
