// Layer: renderer (React). Entry point of the HTML report's dialogue viewer:
// reads the data block the CLI wrote into the page and renders the viewer.
// Built on its own (vite.report.config.ts) into one script that the report
// inlines; no transport, no Monaco, no network.
import { createRoot } from 'react-dom/client';
import type { ReportData } from '../../shared/report/html-report';
import { REPORT_SCHEMA_VERSION } from '../../shared/report/html-report';
import { ReportApp } from './ReportApp';
import '../src/styles.css';
import './report.css';

const root = document.getElementById('root');
const block = document.getElementById('report-data');
if (root && block) {
  let data: ReportData | null = null;
  try {
    data = JSON.parse(block.textContent ?? '') as ReportData;
  } catch (e) {
    root.textContent = `The report's data block could not be read: ${(e as Error).message}`;
  }
  if (data && data.schemaVersion !== REPORT_SCHEMA_VERSION)
    root.textContent = `This report was written with data version ${data.schemaVersion}; this viewer reads version ${REPORT_SCHEMA_VERSION}.`;
  else if (data) createRoot(root).render(<ReportApp data={data} />);
}
