// A setting (an environment variable) the server cannot run with, found while the settings are read at start-up.
// Its message already names the variable and what to set, so the production entry prints that one line and exits
// instead of a stack trace under a listing of the code that threw it.
export class SettingError extends Error {
  override name = 'SettingError';
}

/** Installed before anything else loads (api/main.ts): a SettingError thrown while the modules load ends the
 * process with "[fogline] cannot start: <message>"; any other error is printed whole. Returns the remover. */
export function refuseCleanlyOnSettingError(): () => void {
  const onError = (error: unknown) => {
    console.error(error instanceof SettingError ? `[fogline] cannot start: ${error.message}` : error);
    process.exit(1);
  };
  process.on('uncaughtException', onError);
  return () => process.off('uncaughtException', onError);
}
