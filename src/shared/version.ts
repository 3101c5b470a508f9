// Layer: shared (pure TS). The app version, read from package.json at build
// time, for metric signatures and the About box.

import pkg from '../../package.json';

export const APP_VERSION: string = pkg.version;
