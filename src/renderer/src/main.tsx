// Layer: renderer (React). Entry point of the UI.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<h1>DST Inspector</h1>);
