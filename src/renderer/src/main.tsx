// Layer: renderer (React). Entry point of the UI: picks the transport (IPC in
// Electron, HTTP in browser mode) and renders the app with its query cache
// and its context (app/app-context.tsx: the Api, the config, the notices).
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { getApi } from './api';
import { App } from './app/App';
import { AppProvider } from './app/app-context';
import { createQueryClient } from './app/queries';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={createQueryClient()}>
    <AppProvider api={getApi()}>
      <App />
    </AppProvider>
  </QueryClientProvider>,
);
