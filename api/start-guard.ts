// Imported first by api/main.ts, so it is in place before any module reads the settings: a bad or missing
// setting ends start-up with one plain line (api/lib/setting-error.ts). main.ts removes it once serving.
import { refuseCleanlyOnSettingError } from './lib/setting-error';

export const removeStartGuard = refuseCleanlyOnSettingError();
