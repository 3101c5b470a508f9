// Layer: renderer (React). Entry point of the UI: picks the transport (IPC in
// Electron, HTTP in browser mode) and renders the app.
import { createRoot } from 'react-dom/client';
import { getApi } from './api';
import { App } from './App';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App api={getApi()} />);
